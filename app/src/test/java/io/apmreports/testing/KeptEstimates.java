package io.apmreports.testing;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import io.apmreports.sandbox.SandboxBilling;
import io.apmreports.source.ByteEstimate;
import io.apmreports.source.IngestRule;
import io.apmreports.staging.IngestEstimates;

/**
 * Keeps the sandbox's own byte estimates of some days, as daily ingest runs would have
 * kept them: what a cost test needs of days older than the vendor's retention.
 */
public final class KeptEstimates {

	private KeptEstimates() {
	}

	/**
	 * Keeps every account's estimates of the days from {@code first} to {@code last},
	 * both included, as measured at {@code at}.
	 */
	public static void keep(IngestEstimates estimates, SandboxBilling billing, LocalDate first, LocalDate last,
			OffsetDateTime at) {
		for (long account : billing.accountIds()) {
			for (LocalDate day : first.datesUntil(last.plusDays(1)).toList()) {
				List<ByteEstimate> kept = new ArrayList<>();
				for (IngestRule rule : IngestRule.DEFAULTS) {
					for (String application : billing.applications(account, rule.usageMetric())) {
						kept.add(new ByteEstimate(account, day, rule.usageMetric(), application,
								billing.estimatedBytes(account, rule.usageMetric(), application, day)));
					}
					kept.add(new ByteEstimate(account, day, rule.usageMetric(), null,
							billing.wholeEstimate(account, rule.usageMetric(), day)));
				}
				estimates.save(account, day, kept, at);
			}
		}
	}

}
