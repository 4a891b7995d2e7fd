package io.apmreports.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.ScheduleTeam;
import io.apmreports.definition.Section;
import io.apmreports.definition.SourceKind;
import io.apmreports.definition.Recipient;
import io.apmreports.delivery.ReportDelivery;
import io.apmreports.failure.UserFacingException;
import io.apmreports.job.ReportProperties;
import io.apmreports.job.ReportRun;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;
import io.apmreports.source.ConfiguredAccount;
import io.apmreports.source.FigureSources;
import io.apmreports.source.SourceProperties;

/**
 * Works out what a launch runs before anything is recorded: the range, the account, the
 * output directory and the recipients, each checked so that a mistake in them is one line
 * and no job instance.
 */
@Component
public class LaunchPlanner {

	private static final String DEMO = "demo";

	private final ReportProperties properties;

	private final SourceProperties sourceProperties;

	private final ConfiguredAccount configuredAccount;

	private final Clock clock;

	private final FigureSources sources;

	private final boolean demo;

	private final ReportDelivery delivery;

	private final Map<Long, String> defaultNames;

	LaunchPlanner(ReportProperties properties, SourceProperties sourceProperties, ConfiguredAccount configuredAccount,
			Clock clock, FigureSources sources, ReportDelivery delivery,
			ObjectProvider<DefaultAccountNames> defaultNames) {
		this.configuredAccount = configuredAccount;
		this.properties = properties;
		this.sourceProperties = sourceProperties;
		this.clock = clock;
		this.sources = sources;
		this.demo = sourceProperties.demo();
		this.delivery = delivery;
		this.defaultNames = defaultNames.getIfAvailable(() -> Map::of).byId();
	}

	/** The run a request launches, its definition read once by the caller. */
	ReportRun plan(ReportRequest request, ReportDefinition definition) {
		return plan(request, definition, true);
	}

	/**
	 * The run a request would launch, as far as what it reads goes (its source and
	 * accounts, which key its history): for a backfill, which writes no file and sends
	 * nothing, so neither is checked.
	 */
	ReportRun reading(ReportRequest request, ReportDefinition definition) {
		return plan(request, definition, false);
	}

	private ReportRun plan(ReportRequest request, ReportDefinition definition, boolean launches) {
		TimeRange range = request.range().in(definition, clock);
		// the account (the key, the URL) now, so that a missing key is one line before
		// any
		// job is recorded
		SourceKind kind = definition.sourceOr(sources.configured());
		checkUsageReadable(definition, kind);
		String source = recordedSource(kind);
		Path outputDir = request.outputDir() != null ? request.outputDir()
				: demo ? properties.outputDir().resolve(DEMO) : properties.outputDir();
		List<Recipient> recipients = request.recipients().stream().map(Recipient::parse).toList();
		if (launches) {
			checkWritable(outputDir);
			checkDeliverable(recipients);
		}
		// last, as it may ask the service for the account's name
		Accounts accounts = accounts(kind, request.accounts());
		String forcedAt = request.force() ? clock.instant().toString() : null;
		ScheduleTeam team = request.team();
		return new ReportRun(definition.name(), source, accounts, range, outputDir, forcedAt, recipients,
				team == null ? null : team.name(), team == null ? null : team.applications(), request.sendWhen(), 1);
	}

	/**
	 * The cost and ingest sections read the vendor's usage events, which only NRQL can
	 * ask: a REST setup is told so before anything is recorded or asked.
	 */
	static void checkUsageReadable(ReportDefinition definition, SourceKind kind) {
		if (kind == SourceKind.REST && (definition.has(Section.COST) || definition.has(Section.INGEST))) {
			throw new UserFacingException("report " + definition.name()
					+ " reads the vendor's usage events, which only NRQL can ask: set apm.source=nrql, or source: nrql in "
					+ "its definition (" + definition.name() + ".yml)");
		}
	}

	/**
	 * Which source and service this process reads with {@code kind}, as a run records it:
	 * {@code demo}, or the service's address.
	 */
	private String recordedSource(SourceKind kind) {
		return kind.recorded(demo ? DEMO : sources.of(kind).service());
	}

	/**
	 * The accounts this process reads ({@code apm.account-id}), each with its name: from
	 * {@code apm.account-names}, else as the service gives it, else a default one (the
	 * demo's). A key that may not read an account, or a REST account without a key of its
	 * own, fails here, in one line naming it, before any job is recorded.
	 */
	private Accounts accounts(SourceKind kind, List<Long> asked) {
		List<Long> all = configuredAccount.all();
		for (long id : asked) {
			if (!all.contains(id)) {
				throw new UserFacingException("account " + id + " is not one this process reads (apm.account-id: "
						+ String.join(", ", all.stream().map(String::valueOf).toList()) + ")");
			}
		}
		List<Account> accounts = new ArrayList<>();
		for (long id : asked.isEmpty() ? all : all.stream().filter(asked::contains).toList()) {
			// made now, so that an account REST has no key for is told before any run
			sources.of(kind, id);
			// asked even when the settings name it: the answer is what tells a key that
			// may not read the account
			String learned = sources.of(kind).accountName(id).orElse(null);
			String named = sourceProperties.accountNames().get(id);
			accounts.add(new Account(id, named != null ? named : learned != null ? learned : defaultNames.get(id)));
		}
		return new Accounts(accounts);
	}

	/** A run is restarted against the source and account it started on, and no other. */
	void checkSameAccount(long executionId, ReportRun run) {
		String runSource = run.source();
		Accounts runAccounts = run.accounts();
		SourceKind kind = SourceKind.ofRecorded(runSource);
		boolean demoRun = DEMO.equals(SourceKind.accountOf(runSource));
		if (demoRun && !demo) {
			// said before the real account's settings are looked for: their absence is
			// not the mistake
			throw new UserFacingException("run " + executionId + " reads the demo account: restart it with --demo");
		}
		String source = recordedSource(kind);
		if (!source.equals(runSource)) {
			throw new UserFacingException("run " + executionId + " reads " + runSource + ", not " + source
					+ ": restart it against the same account" + (demoRun ? " (add --demo)" : ""));
		}
		if (runAccounts == null) {
			// its steps need the account it read, which it never recorded
			throw new UserFacingException("run " + executionId + " was recorded before runs named their account, so it "
					+ "cannot be restarted: 'abandon " + executionId + "', then run the report again");
		}
		List<Long> configured = configuredAccount.all();
		if (!runAccounts.ids().equals(configured)) {
			throw new UserFacingException("run " + executionId + " reads " + runAccounts.describe() + ", not "
					+ (configured.size() == 1 ? "account " : "accounts ")
					+ String.join(",", configured.stream().map(String::valueOf).toList())
					+ ": restart it with --apm.account-id=" + runAccounts.setting());
		}
	}

	/**
	 * A run that e-mails needs a mail server (or the demo's outbox), and one that posts
	 * to a chat channel its webhook, before it fetches anything.
	 */
	void checkDeliverable(List<Recipient> recipients) {
		delivery.check(recipients);
	}

	/**
	 * Refuses an output directory that cannot be written, without creating anything (the
	 * command line asks it before the context starts).
	 */
	public static void checkWritable(Path outputDir) {
		Path existing = outputDir.toAbsolutePath().normalize();
		while (existing != null && !Files.exists(existing)) {
			existing = existing.getParent();
		}
		if (existing == null || !Files.isDirectory(existing) || !Files.isWritable(existing) || !canCreateIn(existing)) {
			throw new UserFacingException("output directory " + outputDir + " cannot be written"
					+ (existing != null && !Files.isDirectory(existing) ? " (" + existing + " is a file)" : ""));
		}
	}

	// Files.isWritable answers true for root on a read-only directory, so try it
	private static boolean canCreateIn(Path directory) {
		try {
			Files.delete(Files.createTempFile(directory, ".apm-reports-", ".probe"));
			return true;
		}
		catch (IOException | SecurityException ex) {
			return false;
		}
	}

}
