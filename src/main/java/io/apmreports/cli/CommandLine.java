package io.apmreports.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.apmreports.UserFacingException;
import io.apmreports.definition.ScheduleDefinitions;
import io.apmreports.launch.ReportRequest;
import io.apmreports.sandbox.Faults;

/**
 * The parsed arguments: a command, its options, and any {@code --some.property=value} passed on to Spring.
 *
 * @param command the command word
 * @param operands the words after it
 * @param options the command's own options
 * @param springArguments Spring properties given on the command line
 */
record CommandLine(String command, List<String> operands, Map<String, String> options, List<String> springArguments) {

	static final String USAGE = """
			usage: apm-reports run <report> [--from=ISO --to=ISO] [--output-dir=DIR] [--demo] [--force]
			                       [--deliver [--recipients=ADDRESS,...]]
			       apm-reports preview <report> [--from=ISO --to=ISO] [--output-dir=DIR] [--demo]
			                       [--recipients=ADDRESS,...]
			       apm-reports scheduler [--demo]
			       apm-reports runs [--limit=N]
			       apm-reports show <run-id>
			       apm-reports restart <run-id> [--demo]
			       apm-reports abandon <run-id>
			       apm-reports sandbox [--port=N] [fault options, see the README]
			       apm-reports bench --apps N [--hosts-per-app H] [--latency-ms L] [--concurrency C] [--rate-limit R]
			       apm-reports validate [--report.definitions=DIR] [--schedule.definitions=DIR]
			       apm-reports help
			--demo runs against a built-in demo account: files under output/demo/, e-mail written to
			output/demo/outbox/ as .eml files when no spring.mail.host is set. Details in the README.""";

	private static final Map<String, Set<String>> OPTIONS = Map.ofEntries(
			Map.entry("run", Set.of("from", "to", "output-dir", "demo", "force", "deliver", "recipients")),
			Map.entry("preview", Set.of("from", "to", "output-dir", "demo", "recipients")),
			Map.entry("scheduler", Set.of("demo")), Map.entry("runs", Set.of("limit")),
			Map.entry("restart", Set.of("demo")), Map.entry("abandon", Set.of()), Map.entry("show", Set.of()),
			Map.entry("sandbox", sandboxOptions()),
			Map.entry("bench", Set.of("apps", "hosts-per-app", "latency-ms", "concurrency", "rate-limit")),
			Map.entry("validate", Set.of()), Map.entry("help", Set.of()));

	/** What {@code validate} reads, with its defaults: it starts no Spring, so it reads these settings itself. */
	static final Map<String, String> DEFINITION_SETTINGS = Map.of("report.definitions", "reports",
			"schedule.definitions", "schedules");

	private static final Set<String> FLAGS = Set.of("demo", "force", "deliver");

	private static Set<String> sandboxOptions() {
		Set<String> options = new HashSet<>(Faults.OPTION_NAMES);
		options.add("port");
		return Set.copyOf(options);
	}

	/** The sandbox's fault options, as given. */
	Map<String, String> faultOptions() {
		Map<String, String> faults = new HashMap<>(options);
		faults.remove("port");
		return faults;
	}

	static CommandLine parse(String... args) {
		if (args.length == 0) {
			throw new UserFacingException("no command given\n" + USAGE);
		}
		String command = args[0];
		// what a newcomer types first, anywhere on the line
		if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
			return new CommandLine("help", List.of(), Map.of(), List.of());
		}
		if (!OPTIONS.containsKey(command)) {
			throw new UserFacingException("unknown command '" + command + "'\n" + USAGE);
		}
		List<String> operands = new ArrayList<>();
		Map<String, String> options = new HashMap<>();
		List<String> spring = new ArrayList<>();
		for (int i = 1; i < args.length; i++) {
			String arg = args[i];
			if (!arg.startsWith("--")) {
				operands.add(arg);
				continue;
			}
			String name = arg.substring(2).split("=", 2)[0];
			String value = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : null;
			if (name.contains(".")) {
				spring.add(arg);
			}
			else if (!OPTIONS.get(command).contains(name)) {
				throw new UserFacingException("unknown option --" + name + " for " + command + "\n" + USAGE);
			}
			else if (FLAGS.contains(name)) {
				options.put(name, "true");
			}
			else {
				if (value == null && i + 1 < args.length && !args[i + 1].startsWith("--")) {
					value = args[++i];
				}
				if (value == null || value.isEmpty()) {
					throw new UserFacingException("option --" + name + " needs a value");
				}
				options.put(name, value);
			}
		}
		return new CommandLine(command, operands, options, spring);
	}

	/** The report to run, with {@code recipients} for a run that delivers (none for files only). */
	ReportRequest reportRequest(List<String> recipients) {
		if (operands.size() != 1) {
			throw new UserFacingException(command + " takes exactly one report name\n" + USAGE);
		}
		String outputDir = options.get("output-dir");
		return new ReportRequest(operands.get(0), options.get("from"), options.get("to"),
				outputDir == null ? null : Path.of(outputDir), options.containsKey("force"), recipients);
	}

	/** The addresses of {@code --recipients}, checked; empty when it is not given. */
	List<String> recipients() {
		String text = options.get("recipients");
		if (text == null) {
			return List.of();
		}
		if (command.equals("run") && !flag("deliver")) {
			throw new UserFacingException("--recipients goes with --deliver: add --deliver to send the report");
		}
		List<String> recipients = new ArrayList<>();
		for (String address : text.split(",")) {
			if (!ScheduleDefinitions.isEmailAddress(address.trim())) {
				throw new UserFacingException("--recipients '" + address.trim() + "' is not an e-mail address");
			}
			recipients.add(address.trim());
		}
		return recipients;
	}

	/** The one operand of {@code restart}, {@code abandon} and {@code show}: a run id as {@code runs} shows it. */
	long runId() {
		if (operands.size() != 1) {
			throw new UserFacingException(command + " takes exactly one run id (see 'runs')");
		}
		try {
			return Long.parseLong(operands.get(0));
		}
		catch (NumberFormatException ex) {
			throw new UserFacingException("run id '" + operands.get(0) + "' is not a number (see 'runs')");
		}
	}

	/** A whole number option, at least {@code minimum}. */
	int number(String name, int defaultValue, int minimum) {
		String text = options.get(name);
		if (text == null) {
			if (defaultValue < minimum) {
				throw new UserFacingException("option --" + name + " is required");
			}
			return defaultValue;
		}
		try {
			int value = Integer.parseInt(text);
			if (value < minimum) {
				throw new NumberFormatException();
			}
			return value;
		}
		catch (NumberFormatException ex) {
			throw new UserFacingException("--" + name + " '" + text + "' is not a whole number of at least " + minimum);
		}
	}

	int limit() {
		String limit = options.getOrDefault("limit", "20");
		try {
			int value = Integer.parseInt(limit);
			if (value < 1) {
				throw new NumberFormatException();
			}
			return value;
		}
		catch (NumberFormatException ex) {
			throw new UserFacingException("--limit '" + limit + "' is not a positive number");
		}
	}

	/**
	 * A definition directory for {@code validate}: from the command line, else from the environment variable Spring
	 * would read ({@code REPORT_DEFINITIONS}), else the default, so that it checks the files {@code run} would use.
	 */
	Path definitionDirectory(String setting) {
		if (!operands.isEmpty()) {
			throw new UserFacingException(command + " takes no operands, not '" + operands.get(0) + "'\n" + USAGE);
		}
		String value = null;
		for (String arg : springArguments) {
			String name = arg.substring(2).split("=", 2)[0];
			// a misspelt setting would otherwise be ignored and the default directory checked in its place
			if (!DEFINITION_SETTINGS.containsKey(name)) {
				throw new UserFacingException(command + " reads only --report.definitions and --schedule.definitions, "
						+ "not --" + name);
			}
			if (name.equals(setting)) {
				value = arg.contains("=") ? arg.substring(arg.indexOf('=') + 1) : "";
				if (value.isBlank()) {
					throw new UserFacingException("setting " + setting + " needs a directory: --" + setting + "=DIR");
				}
			}
		}
		if (value == null) {
			String environment = System.getenv(setting.toUpperCase(Locale.ROOT).replace('.', '_'));
			value = environment == null || environment.isBlank() ? DEFINITION_SETTINGS.get(setting) : environment;
		}
		return Path.of(value);
	}

	boolean flag(String name) {
		return options.containsKey(name);
	}

	int port() {
		String port = options.getOrDefault("port", "0");
		try {
			int value = Integer.parseInt(port);
			if (value < 0 || value > 65535) {
				throw new NumberFormatException();
			}
			return value;
		}
		catch (NumberFormatException ex) {
			throw new UserFacingException("--port '" + port + "' is not a port number (0 to 65535)");
		}
	}

}
