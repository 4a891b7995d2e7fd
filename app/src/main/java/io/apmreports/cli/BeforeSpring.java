package io.apmreports.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.springframework.boot.context.properties.bind.BindException;

import io.apmreports.definition.Recipient;
import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ReportDefinitions;
import io.apmreports.delivery.DeliveryProperties;
import io.apmreports.delivery.ReportMailer;
import io.apmreports.delivery.webhook.WebhookUrls;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportProperties;
import io.apmreports.run.LaunchPlanner;
import io.apmreports.run.repository.JobRepositoryWithoutSpring;
import io.apmreports.schedule.ScheduleProperties;
import io.apmreports.sandbox.SandboxOptions;
import io.apmreports.schedule.Schedules;
import io.apmreports.source.SourceProperties;
import io.apmreports.source.access.ApiKeys;
import io.apmreports.source.rest.client.ApmEndpoint;

/**
 * What can be checked without the job repository, checked before Spring starts, so that a
 * mistake is answered in about two seconds rather than after the context, the database
 * and the sandbox are up: settings' names and values, the report and its range, the team,
 * the key. Spring checks them all again; this only answers sooner.
 */
final class BeforeSpring {

	private BeforeSpring() {
	}

	/** The settings given as {@code --name=value}, by name. */
	static Map<String, String> settings(List<String> given) {
		Map<String, String> settings = new LinkedHashMap<>();
		for (String arg : given) {
			int equals = arg.indexOf('=');
			settings.put(arg.substring(2, equals), arg.substring(equals + 1));
		}
		return settings;
	}

	/**
	 * Refuses a misspelt setting with the nearest name, and a value its settings record
	 * cannot take (from the command line or the environment), in one line; answers the
	 * records as bound. The records are those the build lists, bound as the context binds
	 * them (see {@link StandaloneSettings}).
	 */
	static Bound checkSettings(Map<String, String> settings) {
		SettingNames names = SettingNames.load();
		settings.keySet().forEach(names::check);
		StandaloneSettings standalone = StandaloneSettings.of(settings);
		Map<Class<?>, Object> records = new HashMap<>();
		for (Class<?> type : names.records()) {
			Object record = bind(standalone, type);
			if (record != null) {
				records.put(type, record);
			}
		}
		return new Bound(standalone, records);
	}

	/**
	 * Refuses an unknown report, a bad definition, a bad range, an unknown team, and a
	 * missing or unreadable key of a run against a real account.
	 */
	static void checkReport(Bound settings, ReportAndRange report, String team, boolean demo) {
		if (!seesEverything(settings.given()) || settings.report() == null || settings.report().definitions() == null) {
			return;
		}
		ReportDefinitions reports = new ReportDefinitions(
				ReportDefinitions.requireDirectory(settings.report().definitions(), "report.definitions"));
		ReportDefinition definition = reports.load(report.report);
		definition.rangeFor(report.from, report.to, Clock.systemUTC());
		if (team != null && settings.schedule() != null) {
			Schedules.standalone(settings.schedule(), reports).teamOf(report.report, team);
		}
		if (!demo) {
			// the URL before the key: a key pasted into it is refused as such
			SourceProperties source = settings.source();
			if (source != null && source.baseUrl() != null) {
				ApmEndpoint.checkedBaseUrl(source.baseUrl());
			}
			// an account's own key file may stand for the configured key
			if (source != null && (source.apiKeyFiles() == null || source.apiKeyFiles().isEmpty())) {
				ApiKeys.resolve(System.getenv(), source.apiKeyFile());
			}
		}
	}

	/**
	 * Refuses what a launch would refuse once the context is up: an output directory that
	 * cannot be written, an account the demo does not have, and what
	 * {@link #checkDelivery} refuses.
	 * @param outputDir {@code --output-dir}, or {@code null} for the setting's
	 * @param recipients those given to the command
	 */
	static void checkLaunch(Bound settings, Path outputDir, List<Recipient> recipients, boolean demo) {
		if (demo && settings.given().containsKey("apm.account-id") && settings.source() != null
				&& settings.source().accountId() != null) {
			Set<Long> accounts = SandboxOptions.demoAccountNames().keySet();
			settings.source()
				.accountId()
				.stream()
				.filter(account -> !accounts.contains(account))
				.findFirst()
				.ifPresent(account -> {
					throw new UserFacingException("the demo has no account " + account + "; its accounts are "
							+ SandboxOptions.demoAccountIds());
				});
		}
		if (!seesEverything(settings.given())) {
			return;
		}
		Path directory = outputDir != null ? outputDir : settings.report() == null ? null
				: demo ? settings.report().outputDir().resolve("demo") : settings.report().outputDir();
		if (directory != null) {
			LaunchPlanner.checkWritable(directory);
		}
		checkDelivery(settings, recipients, demo);
	}

	/**
	 * Refuses a delivery without its means: e-mail without an SMTP server (the demo's
	 * outbox stands for one), a chat channel without its webhook.
	 */
	static void checkDelivery(Bound settings, List<Recipient> recipients, boolean demo) {
		if (!seesEverything(settings.given())) {
			return;
		}
		if (!demo && recipients.stream().anyMatch(Recipient::isEmail) && !mailHost(settings)) {
			throw ReportMailer.noSmtpServer();
		}
		if (settings.delivery() != null) {
			WebhookUrls webhooks = new WebhookUrls(System.getenv(), settings.delivery().slackWebhookFiles(),
					settings.delivery().teamsWebhookFiles());
			recipients.stream().filter(recipient -> !recipient.isEmail()).forEach(webhooks::of);
		}
	}

	private static boolean mailHost(Bound settings) {
		String host = settings.standalone().setting("spring.mail.host");
		return host != null && !host.isBlank();
	}

	/**
	 * The job repository read without the context, for {@code runs} and {@code show};
	 * nothing when only the context can read it.
	 */
	static Optional<JobRepositoryWithoutSpring> jobRepository(Bound settings) {
		return seesEverything(settings.given()) ? JobRepositoryWithoutSpring.open(settings.standalone().environment())
				: Optional.empty();
	}

	/**
	 * Whether the settings seen here are all the context will see: not when a
	 * configuration file beside the command, or a location or JSON given to Spring, may
	 * set more (a report directory, a key file), which only the context reads.
	 */
	static boolean seesEverything(Map<String, String> settings) {
		boolean springGiven = Stream
			.concat(settings.keySet().stream(), Stream.concat(System.getProperties().stringPropertyNames().stream(),
					System.getenv().keySet().stream().map(name -> name.toLowerCase(Locale.ROOT).replace('_', '.'))))
			.anyMatch(name -> name.startsWith("spring.config.") || name.startsWith("spring.application.json"));
		return !springGiven && Stream.of(Path.of("."), Path.of("config")).noneMatch(BeforeSpring::holdsConfiguration);
	}

	private static boolean holdsConfiguration(Path directory) {
		try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "application*.{properties,yml,yaml}")) {
			return files.iterator().hasNext();
		}
		catch (IOException ex) {
			return false;
		}
	}

	/**
	 * The record as the context will bind it from these settings and the environment;
	 * {@code null} when only the context can tell (a placeholder it alone resolves).
	 */
	private static Object bind(StandaloneSettings settings, Class<?> type) {
		try {
			return settings.bind(type);
		}
		catch (BindException ex) {
			throw new UserFacingException(BadSetting.describe(ex));
		}
		catch (UserFacingException ex) {
			throw ex;
		}
		catch (RuntimeException ex) {
			return null;
		}
	}

	/**
	 * The settings, and the records a command's checks read, as the context will bind
	 * them; a record is {@code null} when only the context can tell.
	 *
	 * @param standalone the settings as the context will take them
	 * @param records the settings records by type
	 */
	record Bound(StandaloneSettings standalone, Map<Class<?>, Object> records) {

		Bound {
			records = Map.copyOf(records);
		}

		/** The settings given, by name. */
		Map<String, String> given() {
			return standalone.given();
		}

		/**
		 * The settings record of {@code type}, {@code null} when only the context can
		 * tell.
		 */
		<T> T get(Class<T> type) {
			return type.cast(records.get(type));
		}

		/** {@code apm}: the source's and the REST client's. */
		SourceProperties source() {
			return get(SourceProperties.class);
		}

		/** {@code report} */
		ReportProperties report() {
			return get(ReportProperties.class);
		}

		/** {@code schedule} */
		ScheduleProperties schedule() {
			return get(ScheduleProperties.class);
		}

		/** {@code delivery} */
		DeliveryProperties delivery() {
			return get(DeliveryProperties.class);
		}

	}

}
