package io.apmreports.cli;

import java.util.List;

import picocli.CommandLine.Command;

import io.apmreports.definition.ScheduleDefinition;
import io.apmreports.delivery.ReportDelivery;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.schedule.Scheduler;

/**
 * {@code scheduler}: runs the schedules until SIGTERM, which lets a run going on stop at
 * the end of its chunk.
 */
@Command(name = "scheduler", mixinStandardHelpOptions = true,
		description = { "Fires the enabled schedules until stopped (Ctrl+C, SIGTERM).",
				"The schedules are the files of the setting schedule.definitions (schedules/).",
				"Serves the console, as serve does, where someone can sign in: a users file (console.users-file), an "
						+ "OpenID Connect provider, or --demo.",
				"Serves health and metrics on 127.0.0.1:8081/actuator (settings management.server.address and "
						+ "management.server.port)." })
final class SchedulerCommand extends DemoCommand {

	private boolean serveConsole;

	private String noConsole;

	/**
	 * The scheduler's own configuration (application-scheduler.yml): it serves its job
	 * repository to the commands run beside it.
	 */
	@Override
	List<String> profiles() {
		return !serveConsole ? List.of("scheduler") : List.of("scheduler", "console");
	}

	/**
	 * Serves the console where someone can sign in to it, and says why not elsewhere: a
	 * scheduler keeps firing its schedules either way.
	 */
	@Override
	void check(BeforeSpring.Bound settings) {
		if (demo || Console.canSignIn(settings)) {
			serveConsole = true;
		}
		else {
			noConsole = Console.noSignIn(settings);
		}
	}

	@Override
	int run(SpringSession spring) {
		Scheduler scheduler = spring.bean(Scheduler.class);
		ReportMailer mailer = spring.bean(ReportMailer.class);
		// a bad schedule is one line and exit 2 before anything runs
		List<ScheduleDefinition> schedules = scheduler.enabledSchedules();
		List<String> names = schedules.stream().map(ScheduleDefinition::name).toList();
		// found out now, not at 6 on Monday morning: a mail server only where some
		// schedule e-mails, a webhook for each chat channel, as 'run --deliver' checks
		spring.bean(ReportDelivery.class)
			.check(schedules.stream().flatMap(schedule -> schedule.reached().stream()).distinct().toList());
		mailer.outbox()
			.ifPresent(outbox -> out().println("Demo e-mail is written, not sent, to the outbox "
					+ outbox.toAbsolutePath().normalize() + " as .eml files."));
		if (noConsole != null) {
			out().println("No console: " + noConsole + ".");
		}
		Console.tell(spring, out());
		spring.managementUrl()
			.ifPresent(url -> out()
				.println("Health and metrics at " + url + " (health/liveness, health/readiness, prometheus)."));
		out().println("Scheduler running " + (names.isEmpty() ? "no enabled schedule" : String.join(", ", names))
				+ "; stop it with Ctrl+C or SIGTERM.");
		return spring.stoppable(scheduler::stop, () -> {
			scheduler.run(schedules);
			return ExitCodes.OK;
		});
	}

}
