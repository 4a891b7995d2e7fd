package io.apmreports.testing;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.formula.Kind;
import io.apmreports.report.Attention;
import io.apmreports.report.Overview;
import io.apmreports.report.UsageBreakdown;
import io.apmreports.report.digest.RunDigest;

/** An overview as a week of a small account makes it, for the tests of its readers. */
public final class OverviewFixtures {

	/** The page of the busiest application, with a character HTML must escape. */
	public static final String LINK = "https://one.newrelic.com/redirect/entity/MTIzNA?a=1&b=2";

	private OverviewFixtures() {
	}

	/**
	 * The weekly overview of an account of {@code failed + 3} applications whose
	 * {@code failed} others failed, each with a long name.
	 */
	public static Overview withFailed(int failed) {
		Overview weekly = weekly();
		List<String> names = IntStream.range(0, failed)
			.mapToObj(i -> String.format("Order Fulfilment Service Europe West %05d", i))
			.toList();
		return new Overview(failed + 3, failed, 0, weekly.headlines(), weekly.busiest(), weekly.regressions(), names,
				List.of());
	}

	/** The e-mail of an overview, its files under a link the definition names. */
	public static RunDigest email(Overview overview) {
		return new RunDigest("weekly-performance", "identity", "Weekly performance",
				"Weekly performance: Mon 9 Nov " + "to Sun 15 Nov 2026, Demo production (account 1234567)",
				"Hello ops.", "Mon 9 Nov to Sun 15 Nov 2026, Europe/Berlin", "Demo production (account 1234567)",
				"last week", overview, List.of(), List.of(Path.of("summary.csv"), Path.of("report.xlsx")),
				"The account", "https://files.example.com/apm/weekly-performance/1234567/2026-11-09_2026-11-16");
	}

	/**
	 * A month of usage over two accounts, each with a "Checkout Service": the checkout
	 * team in both, and an application without the tag; no previous period.
	 */
	public static Overview finance() {
		String production = "Demo production (account 1234567)";
		String staging = "Demo staging (account 7654321)";
		UsageBreakdown usage = new UsageBreakdown("team", List.of(
				new UsageBreakdown.Line(production, "checkout", UsageBreakdown.Level.GROUP, 2, 500_000.0, 0.5),
				new UsageBreakdown.Line(production, "(no team tag)", UsageBreakdown.Level.GROUP, 1, 100_000.0, 0.1),
				new UsageBreakdown.Line(production, "Account total", UsageBreakdown.Level.ACCOUNT, 3, 600_000.0, 0.6),
				new UsageBreakdown.Line(staging, "checkout", UsageBreakdown.Level.GROUP, 1, 400_000.0, 0.4),
				new UsageBreakdown.Line(staging, "Account total", UsageBreakdown.Level.ACCOUNT, 1, 400_000.0, 0.4),
				new UsageBreakdown.Line(null, "Total", UsageBreakdown.Level.TOTAL, 4, 1_000_000.0, 1.0)));
		List<Overview.Busy> busiest = List.of(
				new Overview.Busy("Checkout Service", new Change(450_000.0, null), new Change(10.0, null),
						new Change(null, null), new Change(null, null), new Change(null, null), "ok", null, production),
				new Overview.Busy("Checkout Service", new Change(400_000.0, null), new Change(9.0, null),
						new Change(null, null), new Change(null, null), new Change(null, null), "ok", null, staging));
		return new Overview(4, 0, 0,
				List.of(new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER,
						new Change(1_000_000.0, null))),
				busiest, List.of(), List.of(), List.of(), List.of(), Thresholds.DEFAULT, List.of(), usage);
	}

	/**
	 * {@link #weekly()} with a red application (health red, 3.5% errors) and an orange
	 * one that need a look, and no regressions.
	 */
	public static Overview needingALook() {
		Overview weekly = weekly();
		return new Overview(weekly.applications(), weekly.failed(), weekly.gone(), weekly.headlines(), weekly.busiest(),
				List.of(), weekly.failedApplications(), weekly.goneApplications(), List.of(), Thresholds.DEFAULT,
				List.of(new Attention("Search Gateway", null, Attention.Severity.RED, List.of("health red")),
						new Attention("Inventory API", null, Attention.Severity.ORANGE, List.of("health orange"))),
				UsageBreakdown.NONE);
	}

	/**
	 * Three applications, one failed; calls up 10%, response time up from 200 to 230 ms
	 * (worse), Apdex up (better), error rate without a previous value.
	 */
	public static Overview weekly() {
		return new Overview(3, 1, 0, List.of(
				new Overview.Headline("Applications", Kind.INTEGER, Overview.Better.NEITHER, new Change(3.0, null)),
				new Overview.Headline("Calls", Kind.INTEGER, Overview.Better.NEITHER,
						new Change(16_500_000.0, 15_000_000.0)),
				new Overview.Headline("Web throughput (rpm)", Kind.RATE, Overview.Better.NEITHER,
						new Change(1500.0, 1400.0)),
				new Overview.Headline("Response time (ms)", Kind.MILLISECONDS, Overview.Better.LOWER,
						new Change(230.0, 200.0)),
				new Overview.Headline("Apdex score", Kind.SCORE, Overview.Better.HIGHER, new Change(0.92, 0.9)),
				new Overview.Headline("Error rate", Kind.FRACTION, Overview.Better.LOWER, new Change(0.012, null))),
				List.of(new Overview.Busy("Checkout <Service>", new Change(12_000_000.0, 11_000_000.0),
						new Change(1200.5, 1100.0), new Change(250.0, 200.0), new Change(0.01, 0.01),
						new Change(0.93, 0.95), "ok", LINK),
						new Overview.Busy("Idle Worker", new Change(0.0, 0.0), new Change(0.0, 0.0),
								new Change(null, null), new Change(null, null), new Change(null, null), "no_data")),
				List.of(new Overview.Mover("Checkout <Service>", "Response time (ms)", Kind.MILLISECONDS,
						Overview.Better.LOWER, new Change(120.0, 80.0))),
				List.of("Search"), List.of());
	}

}
