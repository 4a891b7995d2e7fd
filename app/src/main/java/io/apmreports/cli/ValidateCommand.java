package io.apmreports.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import io.apmreports.definition.DefinitionException;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.job.ReportProperties;
import io.apmreports.schedule.ScheduleProperties;

/**
 * {@code validate}: loads every report and schedule as a run would, without Spring, the
 * job repository or the network, so that it can check a change to the definitions
 * anywhere (a CI job, a pre-commit hook). Nothing is printed until all are loaded: the
 * answer is either the list of good files or one line about each bad one.
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
		description = { "Checks every report definition and schedule without running anything.",
				"Prints the files, or one line about each bad one and exits 2." })
final class ValidateCommand implements Callable<Integer> {

	private static final String REPORTS = "report.definitions";

	private static final String SCHEDULES = "schedule.definitions";

	@Spec
	CommandSpec spec;

	private final Map<String, String> given = new HashMap<>();

	@Option(names = "--" + REPORTS, paramLabel = "DIR", description = "The report definitions. Default: the "
			+ "setting report.definitions (environment REPORT_DEFINITIONS), as a run reads it.")
	void reportDefinitions(String directory) {
		set(REPORTS, directory);
	}

	@Option(names = "--" + SCHEDULES, paramLabel = "DIR", description = "The schedules. Default: the setting "
			+ "schedule.definitions (environment SCHEDULE_DEFINITIONS), as a run reads it.")
	void scheduleDefinitions(String directory) {
		set(SCHEDULES, directory);
	}

	private void set(String setting, String directory) {
		if (directory.isBlank()) {
			throw new ParameterException(spec.commandLine(),
					"setting " + setting + " needs a directory: --" + setting + "=DIR");
		}
		given.put(setting, directory);
	}

	@Override
	public Integer call() {
		StandaloneSettings settings = StandaloneSettings.of(given);
		Path reportDirectory = ReportDefinitions.requireDirectory(settings.bind(ReportProperties.class).definitions(),
				REPORTS);
		Path scheduleDirectory = ReportDefinitions
			.requireDirectory(settings.bind(ScheduleProperties.class).definitions(), SCHEDULES);
		ReportDefinitions reports = new ReportDefinitions(reportDirectory);
		ScheduleDefinitions schedules = new ScheduleDefinitions(scheduleDirectory, reports);
		List<Path> valid = new ArrayList<>();
		List<String> bad = new ArrayList<>();
		for (String name : reports.names()) {
			check(reportDirectory.resolve(name + ".yml"), () -> reports.file(name), () -> reports.load(name), valid,
					bad);
		}
		for (String name : schedules.names()) {
			check(scheduleDirectory.resolve(name + ".yml"), () -> schedules.file(name), () -> schedules.load(name),
					valid, bad);
		}
		// every bad file at once, so that one run of validate says all there is to mend
		if (!bad.isEmpty()) {
			bad.forEach(line -> spec.commandLine().getErr().println("apm-reports: " + line));
			return ExitCodes.BAD_INPUT;
		}
		valid.forEach(file -> spec.commandLine().getOut().println("ok  " + file));
		return ExitCodes.OK;
	}

	/**
	 * Loads one file, adding it to {@code valid}, or its one line to {@code bad}, the
	 * file named first.
	 */
	private static void check(Path named, Supplier<Path> file, Runnable load, List<Path> valid, List<String> bad) {
		Path path = named;
		try {
			path = file.get();
			load.run();
			valid.add(path);
		}
		catch (DefinitionException ex) {
			// a file name that is no report name is refused before the file is read,
			// without naming the file
			bad.add(ex.getMessage().startsWith(path.toString()) ? ex.getMessage() : path + ": " + ex.getMessage());
		}
	}

}
