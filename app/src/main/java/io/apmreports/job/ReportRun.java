package io.apmreports.job;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;

import io.apmreports.definition.SourceKind;
import io.apmreports.definition.Recipient;
import io.apmreports.definition.SendWhen;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;

/**
 * One run of a report: which report over which range. Report, from and to identify the
 * job instance, so launching the same report and range again continues a failed run
 * instead of starting over; nothing secret goes in.
 *
 * @param report the report's name
 * @param source which service the figures come from: the service's base URL, or
 * {@code demo}; identifying, so that a demo run never passes for the real report of the
 * same range
 * @param accounts the account read, or the accounts of a report over several: their ids
 * identify the run, so two accounts behind one service never share a run, a directory or
 * an e-mail; their names are told, not identifying
 * @param range the range every figure covers
 * @param outputDir where the files go (not identifying: a restart may write elsewhere)
 * @param forcedAt for a forced re-run of a completed report, a discriminator that makes a
 * new instance; else null
 * @param recipients who gets the report by e-mail, none for a run that only writes files;
 * identifying, so that a delivered run and a files-only run of the same range never stand
 * in for each other
 * @param team the team whose share of the report this is, or {@code null}; identifying,
 * so each team's run restarts and is delivered on its own
 * @param teamApplications the team's selection as {@code Selections.text} wrote it, kept
 * so that a restart reads the same applications; not identifying
 * @param sendWhen when the run delivers; not identifying, so that a schedule's condition
 * may change without starting its runs over
 */
public record ReportRun(String report, String source, Accounts accounts, TimeRange range, Path outputDir,
		String forcedAt, List<String> recipients, String team, String teamApplications, SendWhen sendWhen) {

	/** A run that always delivers. */
	public ReportRun(String report, String source, Accounts accounts, TimeRange range, Path outputDir, String forcedAt,
			List<String> recipients, String team, String teamApplications) {
		this(report, source, accounts, range, outputDir, forcedAt, recipients, team, teamApplications, SendWhen.ALWAYS);
	}

	public ReportRun {
		// one spelling per recipient, so that Ops@Example.com, ops@example.com and Ops
		// <ops@example.com> are one recipient, who gets one message
		Map<String, String> byKey = new TreeMap<>();
		recipients.stream().map(Recipient::parse).forEach(r -> byKey.putIfAbsent(r.key(), r.toString()));
		recipients = byKey.values().stream().sorted().toList();
	}

	/** A run of the whole report over one account. */
	public ReportRun(String report, String source, Account account, TimeRange range, Path outputDir, String forcedAt,
			List<String> recipients) {
		this(report, source, Accounts.of(account), range, outputDir, forcedAt, recipients, null, null);
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
			.addString(FROM, TimeRange.format(range.from()))
			.addString(TO, TimeRange.format(range.to()))
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
			builder.addString(DELIVER_TO, String.join(",", recipients));
			if (!sendWhen.always()) {
				builder.addString(DELIVER_WHEN, sendWhen.text(), false);
			}
		}
		if (team != null) {
			builder.addString(TEAM, team);
			builder.addString(TEAM_APPLICATIONS, teamApplications, false);
		}
		return builder.toJobParameters();
	}

	/**
	 * The parameters of attempt {@code attempt} (2 or more) of the run whose first
	 * attempt has {@code first}.
	 */
	public static JobParameters attempt(JobParameters first, int attempt) {
		return new JobParametersBuilder(first).addString(ATTEMPT, String.valueOf(attempt)).toJobParameters();
	}

	/**
	 * The parameters of the run that writes the same files and sends nothing: a delivery
	 * after it needs no new fetch.
	 */
	public static JobParameters filesOnly(JobParameters jobParameters) {
		JobParametersBuilder builder = new JobParametersBuilder();
		jobParameters.parameters()
			.stream()
			.filter(parameter -> !parameter.name().equals(DELIVER_TO) && !parameter.name().equals(DELIVER_WHEN))
			.forEach(builder::addJobParameter);
		return builder.toJobParameters();
	}

	/** When a run delivers: always, unless it was launched with a condition. */
	public static SendWhen sendWhen(JobParameters jobParameters) {
		return SendWhen.parse(jobParameters.getString(DELIVER_WHEN));
	}

	/** Whom a run delivers to: none when it only writes files. */
	public static List<Recipient> recipients(JobParameters jobParameters) {
		return Recipient.parseAll(jobParameters.getString(DELIVER_TO));
	}

	/**
	 * What the lock of a run covers: its report, account and range (and a forced re-run's
	 * marker), but not its recipients nor its attempt. A files-only run and a delivering
	 * run of the same range write the same directory, so they must not run at the same
	 * time, even though they are different job instances; and abandoning is refused while
	 * any run of the report and range holds the lock.
	 */
	public static String lockIdentity(JobParameters jobParameters) {
		return reportAndRange(jobParameters);
	}

	/**
	 * What the Message-IDs of a run's e-mails derive from, with each recipient: the
	 * report, the account and the range (and a forced re-run's marker, or the attempt
	 * after an abandoned run, whose e-mail is a new one). A change of the recipient list
	 * leaves the Message-ID of each recipient's e-mail as it was; the account keeps a
	 * demo e-mail from passing for the real one with a mail system that drops repeated
	 * Message-IDs.
	 */
	public static String messageIdentity(JobParameters jobParameters) {
		String attempt = jobParameters.getString(ATTEMPT);
		return reportAndRange(jobParameters) + (attempt == null ? "" : "|attempt " + attempt);
	}

	/**
	 * Report, account, range and a forced re-run's marker: a run's parameters without its
	 * recipients.
	 */
	private static String reportAndRange(JobParameters jobParameters) {
		String several = jobParameters.getString(ACCOUNTS);
		// one account's identity is what it was before reports read several
		return String.join("|", jobParameters.getString(REPORT), jobParameters.getString(SOURCE),
				String.valueOf(jobParameters.getLong(ACCOUNT)) + (several == null ? "" : "+" + several),
				jobParameters.getString(FROM), jobParameters.getString(TO),
				String.valueOf(jobParameters.getString(FORCED_AT)), String.valueOf(jobParameters.getString(TEAM)));
	}

	/**
	 * The command that restarts an execution of a run, as the user types it: a demo run
	 * only with --demo, and with the account the run reads.
	 */
	public static String restartCommand(JobParameters jobParameters, long executionId) {
		return "restart " + executionId + (isDemo(jobParameters) ? " --demo" : "") + accountOption(jobParameters);
	}

	/**
	 * The command that starts a run's report and range afresh, as the user types it: with
	 * the same account, range and recipients, and {@code --force} for a forced run.
	 */
	public static String runCommand(JobParameters jobParameters) {
		List<Recipient> recipients = recipients(jobParameters);
		return "run " + jobParameters.getString(REPORT) + " --from=" + jobParameters.getString(FROM) + " --to="
				+ jobParameters.getString(TO) + (isDemo(jobParameters) ? " --demo" : "") + accountOption(jobParameters)
				+ (SourceKind.ofRecorded(jobParameters.getString(SOURCE)) == SourceKind.NRQL ? " --apm.source=nrql"
						: "")
				+ (team(jobParameters) == null ? "" : " --team=" + team(jobParameters))
				+ (recipients.isEmpty() ? "" : " --deliver --recipients=" + quoted(Recipient.text(recipients)))
				+ (jobParameters.getString(FORCED_AT) == null ? "" : " --force");
	}

	/** As a shell takes it: display names have spaces and angle brackets. */
	private static String quoted(String text) {
		return text.matches("[\\w@.:,+-]*") ? text : "'" + text.replace("'", "'\\''") + "'";
	}

	/**
	 * The setting that names the run's account, for a command; none for a run that
	 * recorded none.
	 */
	private static String accountOption(JobParameters jobParameters) {
		Accounts accounts = accounts(jobParameters);
		return accounts == null ? "" : " --apm.account-id=" + accounts.setting();
	}

	/** Whether the run reads the demo account, through either source. */
	static boolean isDemo(JobParameters jobParameters) {
		return "demo".equals(SourceKind.accountOf(jobParameters.getString(SOURCE)));
	}

	/**
	 * The team whose share of the report a run is, or {@code null} for the whole report.
	 */
	public static String team(JobParameters jobParameters) {
		return jobParameters.getString(TEAM);
	}

	/** The kept selection of a team's run, or {@code null} for the whole report. */
	public static String teamApplications(JobParameters jobParameters) {
		return jobParameters.getString(TEAM_APPLICATIONS);
	}

	/** The report a run's parameters name. */
	public static String report(JobParameters jobParameters) {
		return jobParameters.getString(REPORT);
	}

	/**
	 * The account a run reads, with the name it was launched with; {@code null} for a run
	 * recorded before runs named their account.
	 */
	public static Account account(JobParameters jobParameters) {
		Long id = jobParameters.getLong(ACCOUNT);
		return id == null ? null : new Account(id, jobParameters.getString(ACCOUNT_NAME));
	}

	/**
	 * The accounts a run reads, with the names it was launched with: its one account, or
	 * its several; {@code null} for a run recorded before runs named their account.
	 */
	public static Accounts accounts(JobParameters jobParameters) {
		Account first = account(jobParameters);
		String several = jobParameters.getString(ACCOUNTS);
		if (first == null || several == null) {
			return first == null ? null : Accounts.of(first);
		}
		Map<Long, String> names = new HashMap<>();
		String named = jobParameters.getString(ACCOUNT_NAMES);
		if (named != null && !named.isEmpty()) {
			named.lines().forEach(line -> {
				int equals = line.indexOf('=');
				names.put(Long.valueOf(line.substring(0, equals)), line.substring(equals + 1));
			});
		}
		return new Accounts(Arrays.stream(several.split(","))
			.map(Long::valueOf)
			.map(id -> new Account(id, names.get(id)))
			.toList());
	}

	/** What a run's parameters record as its source. */
	public static String source(JobParameters jobParameters) {
		return jobParameters.getString(SOURCE);
	}

	/** The start of a run's range, as its parameters hold it. */
	public static String fromText(JobParameters jobParameters) {
		return jobParameters.getString(FROM);
	}

	/** The end of a run's range, as its parameters hold it. */
	public static String toText(JobParameters jobParameters) {
		return jobParameters.getString(TO);
	}

	public static TimeRange range(JobParameters jobParameters) {
		return TimeRange.parse(jobParameters.getString(FROM), jobParameters.getString(TO));
	}

}
