package io.apmreports.cli;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;

import io.apmreports.sandbox.SandboxOptions;

/**
 * A command that can work on the built-in demo account instead of a real one:
 * {@code --demo}.
 */
abstract class DemoCommand extends SpringCommand {

	@Option(names = "--demo", description = { "Against the built-in demo account (an in-process sandbox): files go "
			+ "under <report.output-dir>/demo/, and e-mail, without spring.mail.host, to its outbox/ as .eml files." })
	boolean demo;

	/** The settings given, with those of the demo when it is asked for. */
	@Override
	List<String> settings(List<String> given) {
		if (!demo) {
			return given;
		}
		List<String> settings = new ArrayList<>(given);
		settings.add("--apm.demo=true");
		// the demo reads its own accounts, never one named in the environment for real
		// runs; its production account unless another of its accounts is asked for
		if (given.stream().noneMatch(arg -> arg.startsWith("--apm.account-id="))) {
			settings.add("--apm.account-id=" + SandboxOptions.DEMO_ACCOUNT_ID);
		}
		// the demo's own account names are no settings: a name given for one of its
		// accounts, here or in the environment, must win (see LaunchPlanner); and mail's
		// health is the SMTP server's, wherever spring.mail.host is set
		// the in-process sandbox has no rate limit to stay under, unless one is asked for
		if (given.stream().noneMatch(arg -> arg.startsWith("--apm.rate-limit="))) {
			settings.add("--apm.rate-limit=0");
		}
		// the demo's organisation is on Data Plus, which keeps APM events 98 days: last
		// month's are there for the cost report to measure, unless a retention is asked
		// for
		if (given.stream().noneMatch(arg -> arg.startsWith("--report.event-retention-days="))) {
			settings.add("--report.event-retention-days=" + SandboxOptions.DEMO_DATA_OPTION.apmEventRetentionDays());
		}
		return settings;
	}

}
