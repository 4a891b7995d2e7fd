package io.apmreports.job;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.definition.Recipient;
import io.apmreports.definition.Selections;
import io.apmreports.definition.SendWhen;
import io.apmreports.definition.SourceKind;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;

/**
 * One run of a report: which report over which range, typed. It is the one place that
 * maps a run to its job parameters ({@link #toJobParameters()}) and back
 * ({@link #of(JobParameters)}); everything else reads the typed run. Report, from and to
 * identify the job instance, so launching the same report and range again continues a
 * failed run instead of starting over; nothing secret goes in.
 *
 * @param report the report's name
 * @param source which service the figures come from: the service's base URL, or
 * {@code demo}; identifying, so that a demo run never passes for the real report of the
 * same range
 * @param accounts the account read, or the accounts of a report over several: their ids
 * identify the run, so two accounts behind one service never share a run, a directory or
 * an e-mail; their names are told, not identifying; {@code null} for a run recorded
 * before runs named their account
 * @param range the range every figure covers
 * @param outputDir where the files go (not identifying: a restart may write elsewhere)
 * @param forcedAt for a forced re-run of a completed report, a discriminator that makes a
 * new instance; else null
 * @param recipients who gets the report, none for a run that only writes files;
 * identifying, so that a delivered run and a files-only run of the same range never stand
 * in for each other
 * @param team the team whose share of the report this is, or {@code null}; identifying,
 * so each team's run restarts and is delivered on its own
 * @param teamApplications the team's selection, kept so that a restart reads the same
 * applications; not identifying; {@code null} for the whole report
 * @param sendWhen when the run delivers; not identifying, so that a schedule's condition
 * may change without starting its runs over
 * @param attempt which attempt of the report and range this is: 1, or 2, 3, ... after an
 * abandoned one
 */
public record ReportRun(String report, String source, Accounts accounts, TimeRange range, Path outputDir,
		String forcedAt, List<Recipient> recipients, String team, ApplicationFilter teamApplications, SendWhen sendWhen,
		int attempt) {

	public ReportRun {
		// one spelling per recipient, so that Ops@Example.com, ops@example.com and Ops
		// <ops@example.com> are one recipient, who gets one message
		Map<String, Recipient> byKey = new TreeMap<>();
		recipients.forEach(recipient -> byKey.putIfAbsent(recipient.key(), recipient));
		recipients = byKey.values().stream().sorted(Comparator.comparing(Recipient::toString)).toList();
	}

	/** A run of the whole report over one account. */
	public ReportRun(String report, String source, Account account, TimeRange range, Path outputDir, String forcedAt,
			List<String> recipients) {
		this(report, source, Accounts.of(account), range, outputDir, forcedAt,
				recipients.stream().map(Recipient::parse).toList(), null, null, SendWhen.ALWAYS, 1);
	}

	/** A run that writes files and sends nothing. */
	public ReportRun(String report, String source, Account account, TimeRange range, Path outputDir, String forcedAt) {
		this(report, source, account, range, outputDir, forcedAt, List.of());
	}

	static final String REPORT = "report";

	static final String SOURCE = "source";

	static final String ACCOUNT = "account";

	static final String ACCOUNT_NAME = "account.name";

	/**
	 * The ids of a report over several accounts, {@code 1234567,7654321}: identifying
	 * beside the first's; absent for one account, whose runs are identified as before.
	 */
	static final String ACCOUNTS = "accounts";

	/** The names of a report's several accounts, a line {@code id=name} each. */
	static final String ACCOUNT_NAMES = "accounts.names";

	static final String FROM = "from";

	static final String TO = "to";

	static final String OUTPUT_DIR = "output.dir";

	static final String FORCED_AT = "forced.at";

	static final String DELIVER_TO = "deliver.to";

	static final String DELIVER_WHEN = "deliver.when";

	static final String TEAM = "team";

	static final String TEAM_APPLICATIONS = "team.applications";

	/**
	 * For a report and range launched again after its run was abandoned, which attempt
	 * this is (2, 3, ...): a new job instance, since Spring Batch treats an abandoned
	 * instance as done for good. Absent for the first attempt.
	 */
	static final String ATTEMPT = "attempt";

	public JobParameters toJobParameters() {
		JobParametersBuilder builder = new JobParametersBuilder().addString(REPORT, report)
			.addString(SOURCE, source)
			.addLong(ACCOUNT, accounts.first().id())
			.addString(FROM, from())
			.addString(TO, to())
			.addString(OUTPUT_DIR, outputDir.toAbsolutePath().normalize().toString(), false);
		if (accounts.first().name() != null) {
			builder.addString(ACCOUNT_NAME, accounts.first().name(), false);
		}
		if (accounts.several()) {
			builder.addString(ACCOUNTS, accounts.setting());
			builder.addString(ACCOUNT_NAMES,
					String.join("\n",
							accounts.all()
								.stream()
								.filter(account -> account.name() != null)
								.map(account -> account.id() + "=" + account.name())
								.toList()),
					false);
		}
		if (forcedAt != null) {
			builder.addString(FORCED_AT, forcedAt);
		}
		if (!recipients.isEmpty()) {
			builder.addString(DELIVER_TO, Recipient.text(recipients));
			if (!sendWhen.always()) {
				builder.addString(DELIVER_WHEN, sendWhen.text(), false);
			}
		}
		if (team != null) {
			builder.addString(TEAM, team);
			builder.addString(TEAM_APPLICATIONS, Selections.text(teamApplications), false);
		}
		if (attempt > 1) {
			builder.addString(ATTEMPT, String.valueOf(attempt));
		}
		return builder.toJobParameters();
	}

	/**
	 * The run that job parameters {@link #toJobParameters()} wrote (or an older version)
	 * describe.
	 */
	public static ReportRun of(JobParameters parameters) {
		String teamApplications = parameters.getString(TEAM_APPLICATIONS);
		String attempt = parameters.getString(ATTEMPT);
		String outputDir = parameters.getString(OUTPUT_DIR);
		return new ReportRun(parameters.getString(REPORT), parameters.getString(SOURCE), accounts(parameters),
				TimeRange.parse(parameters.getString(FROM), parameters.getString(TO)),
				outputDir == null ? null : Path.of(outputDir), parameters.getString(FORCED_AT),
				Recipient.parseAll(parameters.getString(DELIVER_TO)), parameters.getString(TEAM),
				teamApplications == null ? null : Selections.read(teamApplications),
				SendWhen.parse(parameters.getString(DELIVER_WHEN)), attempt == null ? 1 : Integer.parseInt(attempt));
	}

	/**
	 * Attempt {@code attempt} (2 or more) of this run, the first attempt of its report
	 * and range.
	 */
	public ReportRun attempt(int attempt) {
		return new ReportRun(report, source, accounts, range, outputDir, forcedAt, recipients, team, teamApplications,
				sendWhen, attempt);
	}

	/**
	 * The run that writes the same files and sends nothing: a delivery after it needs no
	 * new fetch.
	 */
	public ReportRun filesOnly() {
		return new ReportRun(report, source, accounts, range, outputDir, forcedAt, List.of(), team, teamApplications,
				SendWhen.ALWAYS, attempt);
	}

	/** The start of the range, as the parameters and the commands write it. */
	public String from() {
		return TimeRange.format(range.from());
	}

	/** The end of the range, as the parameters and the commands write it. */
	public String to() {
		return TimeRange.format(range.to());
	}

	/**
	 * What the lock of a run covers: its report, account and range (and a forced re-run's
	 * marker), but not its recipients nor its attempt. A files-only run and a delivering
	 * run of the same range write the same directory, so they must not run at the same
	 * time, even though they are different job instances; and abandoning is refused while
	 * any run of the report and range holds the lock.
	 */
	public String lockIdentity() {
		return reportAndRange();
	}

	/**
	 * What the Message-IDs of a run's e-mails derive from, with each recipient: the
	 * report, the account and the range (and a forced re-run's marker, or the attempt
	 * after an abandoned run, whose e-mail is a new one). A change of the recipient list
	 * leaves the Message-ID of each recipient's e-mail as it was; the account keeps a
	 * demo e-mail from passing for the real one with a mail system that drops repeated
	 * Message-IDs.
	 */
	public String messageIdentity() {
		return reportAndRange() + (attempt > 1 ? "|attempt " + attempt : "");
	}

	/**
	 * Report, account, range and a forced re-run's marker: a run's identity without its
	 * recipients. One account's identity is what it was before reports read several.
	 */
	private String reportAndRange() {
		String account = accounts == null ? "null"
				: accounts.first().id() + (accounts.several() ? "+" + accounts.setting() : "");
		return String.join("|", report, source, account, from(), to(), String.valueOf(forcedAt), String.valueOf(team));
	}

	/**
	 * The command that restarts execution {@code executionId} of this run, as the user
	 * types it: a demo run only with --demo, and with the account the run reads.
	 */
	public String restartCommand(long executionId) {
		return "restart " + executionId + (isDemo() ? " --demo" : "") + accountOption();
	}

	/**
	 * The command that starts the run's report and range afresh, as the user types it:
	 * with the same account, range and recipients, and {@code --force} for a forced run.
	 */
	public String runCommand() {
		return "run " + report + " --from=" + from() + " --to=" + to() + (isDemo() ? " --demo" : "") + accountOption()
				+ (SourceKind.ofRecorded(source) == SourceKind.NRQL ? " --apm.source=nrql" : "")
				+ (team == null ? "" : " --team=" + team)
				+ (recipients.isEmpty() ? "" : " --deliver --recipients=" + quoted(Recipient.text(recipients)))
				+ (forcedAt == null ? "" : " --force");
	}

	/** As a shell takes it: display names have spaces and angle brackets. */
	private static String quoted(String text) {
		return text.matches("[\\w@.:,+-]*") ? text : "'" + text.replace("'", "'\\''") + "'";
	}

	/**
	 * The setting that names the run's account, for a command; none for a run that
	 * recorded none.
	 */
	private String accountOption() {
		return accounts == null ? "" : " --apm.account-id=" + accounts.setting();
	}

	/** Whether the run reads the demo account, through either source. */
	public boolean isDemo() {
		return "demo".equals(SourceKind.accountOf(source));
	}

	/**
	 * The accounts a run reads, with the names it was launched with: its one account, or
	 * its several; {@code null} for a run recorded before runs named their account.
	 */
	private static Accounts accounts(JobParameters parameters) {
		Long id = parameters.getLong(ACCOUNT);
		Account first = id == null ? null : new Account(id, parameters.getString(ACCOUNT_NAME));
		String several = parameters.getString(ACCOUNTS);
		if (first == null || several == null) {
			return first == null ? null : Accounts.of(first);
		}
		Map<Long, String> names = new HashMap<>();
		String named = parameters.getString(ACCOUNT_NAMES);
		if (named != null && !named.isEmpty()) {
			named.lines().forEach(line -> {
				int equals = line.indexOf('=');
				names.put(Long.valueOf(line.substring(0, equals)), line.substring(equals + 1));
			});
		}
		return new Accounts(Arrays.stream(several.split(","))
			.map(Long::valueOf)
			.map(account -> new Account(account, names.get(account)))
			.toList());
	}

}
