package io.apmreports.report;

import java.util.List;
import java.util.function.Function;

import io.apmreports.formula.AccountFigures;
import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Change;
import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Kind;
import io.apmreports.staging.ApplicationPeriods;
import io.apmreports.staging.PeriodFigures;

/**
 * What a reader should see before anything else, in the workbook's Overview, the e-mail
 * and the PDF alike: the account's headline figures against the previous period, the
 * busiest applications, the regressions worth a look, and the applications that failed or
 * went away, by name.
 *
 * @param applications applications reported
 * @param failed applications that failed (a relaunch may fix them)
 * @param gone applications deleted between the listing and their metric call
 * @param headlines the account's figures, each with its previous value
 * @param busiest the applications with the most calls, busiest first
 * @param regressions the figures of applications that got worse, by the definition's
 * {@link Thresholds}, those that matter most first
 * @param failedApplications the failed applications' names
 * @param goneApplications the gone applications' names
 * @param accounts for a report over several accounts, each account's headline figures,
 * whose sums are the report's; empty for one account
 * @param thresholds the definition's: when a change is coloured, and what the regressions
 * had to pass, which readers tell
 * @param attention the applications the Summary sheet marks, red before orange; none
 * without a summary
 * @param usage the usage by team (and account), for a usage report
 * @param cost the cost headline, for a cost report; {@code null} for any other
 * @param serviceLevels the service-level headline, for a service-level report;
 * {@code null} for any other
 */
public record Overview(long applications, long failed, long gone, List<Headline> headlines, List<Busy> busiest,
		List<Mover> regressions, List<String> failedApplications, List<String> goneApplications,
		List<AccountHeadlines> accounts, Thresholds thresholds, List<Attention> attention, UsageBreakdown usage,
		CostHeadline cost, ServiceLevelHeadline serviceLevels) {

	/** An overview of a report without cost. */
	public Overview(long applications, long failed, long gone, List<Headline> headlines, List<Busy> busiest,
			List<Mover> regressions, List<String> failedApplications, List<String> goneApplications,
			List<AccountHeadlines> accounts, Thresholds thresholds, List<Attention> attention, UsageBreakdown usage) {
		this(applications, failed, gone, headlines, busiest, regressions, failedApplications, goneApplications,
				accounts, thresholds, attention, usage, null, null);
	}

	/** The same overview with a cost report's headline. */
	public Overview withCost(CostHeadline headline) {
		return new Overview(applications, failed, gone, headlines, busiest, regressions, failedApplications,
				goneApplications, accounts, thresholds, attention, usage, headline, serviceLevels);
	}

	/** The same overview with a service-level report's headline. */
	public Overview withServiceLevels(ServiceLevelHeadline headline) {
		return new Overview(applications, failed, gone, headlines, busiest, regressions, failedApplications,
				goneApplications, accounts, thresholds, attention, usage, cost, headline);
	}

	/**
	 * Whether the report is of service levels alone: its readers show the service-level
	 * headline in place of the applications' figures.
	 */
	public boolean serviceLevelsOnly() {
		return serviceLevels != null && serviceLevels.alone();
	}

	/**
	 * Whether the readers leave out the applications' figures: a report of cost, or of
	 * service levels, alone has none.
	 */
	public boolean withoutApplications() {
		return costOnly() || serviceLevelsOnly();
	}

	/**
	 * Whether the report is about cost alone: its readers show the cost headline in place
	 * of the applications' figures, of which it has none.
	 */
	public boolean costOnly() {
		return cost != null && applications == 0;
	}

	/** An overview without applications to look at first, nor usage. */
	public Overview(long applications, long failed, long gone, List<Headline> headlines, List<Busy> busiest,
			List<Mover> regressions, List<String> failedApplications, List<String> goneApplications,
			List<AccountHeadlines> accounts, Thresholds thresholds) {
		this(applications, failed, gone, headlines, busiest, regressions, failedApplications, goneApplications,
				accounts, thresholds, List.of(), UsageBreakdown.NONE);
	}

	/**
	 * The same overview with only the first {@code count} of its busiest applications.
	 */
	public Overview withBusiest(int count) {
		return count >= busiest.size() ? this
				: new Overview(applications, failed, gone, headlines, busiest.subList(0, count), regressions,
						failedApplications, goneApplications, accounts, thresholds, attention, usage, cost,
						serviceLevels);
	}

	/** An overview under today's thresholds. */
	public Overview(long applications, long failed, long gone, List<Headline> headlines, List<Busy> busiest,
			List<Mover> regressions, List<String> failedApplications, List<String> goneApplications,
			List<AccountHeadlines> accounts) {
		this(applications, failed, gone, headlines, busiest, regressions, failedApplications, goneApplications,
				accounts, Thresholds.DEFAULT);
	}

	/** An overview of one account. */
	public Overview(long applications, long failed, long gone, List<Headline> headlines, List<Busy> busiest,
			List<Mover> regressions, List<String> failedApplications, List<String> goneApplications) {
		this(applications, failed, gone, headlines, busiest, regressions, failedApplications, goneApplications,
				List.of());
	}

	/**
	 * Whether the run fetched the previous period: some headline has a previous value.
	 * Without it there is nothing to compare, and readers show no previous column.
	 */
	public boolean compared() {
		return headlines.stream().anyMatch(headline -> headline.change().previous() != null);
	}

	/**
	 * Whether some of the busiest applications have this figure: a column none has (a
	 * usage report's Apdex) is left out rather than shown empty.
	 */
	public boolean busiestHave(Function<Busy, Change> figure) {
		return busiest.stream().anyMatch(busy -> figure.apply(busy).current() != null);
	}

	public Overview {
		// a figure the run has in neither period (a usage report's Apdex) is no headline:
		// every reader would show an empty row
		headlines = headlines.stream()
			.filter(headline -> headline.change().current() != null || headline.change().previous() != null)
			.toList();
		busiest = List.copyOf(busiest);
		regressions = List.copyOf(regressions);
		failedApplications = List.copyOf(failedApplications);
		goneApplications = List.copyOf(goneApplications);
		accounts = List.copyOf(accounts);
		attention = List.copyOf(attention);
	}

	/**
	 * Whether the regressions were looked for: only with the previous period's figures.
	 * Without them a reader is told so, never shown an empty list as if none were found.
	 */
	public boolean regressionsChecked() {
		return compared();
	}

	/**
	 * What every reader says in place of an empty list of regressions: that none was
	 * found, or that none was looked for; {@code null} when there are some.
	 */
	public String noRegressions() {
		if (!regressions.isEmpty()) {
			return null;
		}
		return regressionsChecked() ? "None: no figure of any application got worse by as much."
				: "Not checked: this report does not fetch the previous period.";
	}

	/**
	 * One account's headline figures in a report over several.
	 *
	 * @param account the account as a reader meets it
	 * @param headlines its figures, each with its previous value
	 */
	public record AccountHeadlines(String account, List<Headline> headlines) {

		public AccountHeadlines {
			headlines = headlines.stream()
				.filter(headline -> headline.change().current() != null || headline.change().previous() != null)
				.toList();
		}

	}

	/** Which way a figure gets better, which colours its change. */
	public enum Better {

		HIGHER, LOWER,

		/** Traffic: more or less of it is neither good nor bad in itself. */
		NEITHER;

		/**
		 * The change in percent, positive when it is for the better; absent without a
		 * change or for a figure that is neither.
		 */
		public Double improvementPct(Change change) {
			Double percent = change.percent();
			if (percent == null || this == NEITHER) {
				return null;
			}
			return this == HIGHER ? percent : -percent;
		}

	}

	/**
	 * One headline figure of the account.
	 *
	 * @param name the figure in words, with its unit
	 * @param kind how its values are written
	 * @param better which way it gets better
	 * @param change its value now and in the previous period
	 * @param course its value over the last periods and what was usual before, where the
	 * history was read and keeps the figure; {@code null} otherwise
	 */
	public record Headline(String name, Kind kind, Better better, Change change, Course course) {

		/** A headline without its course. */
		public Headline(String name, Kind kind, Better better, Change change) {
			this(name, kind, better, change, null);
		}

		/** The same headline with its course. */
		public Headline withCourse(Course its) {
			return new Headline(name, kind, better, change, its);
		}

	}

	/**
	 * One of the busiest applications; each figure with its previous value, absent where
	 * its inputs were.
	 *
	 * @param applicationName its name
	 * @param calls web and non-web calls
	 * @param throughputRpm web throughput
	 * @param responseTimeMs response time with request queuing
	 * @param errorRate errors per call, 0 to 1
	 * @param apdexScore Apdex score, 0 to 1
	 * @param status ok or no_data
	 * @param link its page in the vendor's UI, or {@code null}
	 * @param account its account as a reader meets it, where the report reads several
	 * (two "Checkout Service" are told apart by it); {@code null} for one
	 */
	public record Busy(String applicationName, Change calls, Change throughputRpm, Change responseTimeMs,
			Change errorRate, Change apdexScore, String status, String link, String account) {

		/** One of a report over one account. */
		public Busy(String applicationName, Change calls, Change throughputRpm, Change responseTimeMs, Change errorRate,
				Change apdexScore, String status, String link) {
			this(applicationName, calls, throughputRpm, responseTimeMs, errorRate, apdexScore, status, link, null);
		}

		/** One without a link to its page. */
		public Busy(String applicationName, Change calls, Change throughputRpm, Change responseTimeMs, Change errorRate,
				Change apdexScore, String status) {
			this(applicationName, calls, throughputRpm, responseTimeMs, errorRate, apdexScore, status, null);
		}

	}

	/**
	 * One figure of one application that got worse.
	 *
	 * @param applicationName the application's name
	 * @param figure the figure in words, with its unit
	 * @param kind how its values are written
	 * @param better which way it gets better
	 * @param change its value now and in the previous period
	 * @param usual what was usual for it before, where the history was read; {@code null}
	 * otherwise
	 */
	public record Mover(String applicationName, String figure, Kind kind, Better better, Change change, Usual usual) {

		/** A regression told without what was usual. */
		public Mover(String applicationName, String figure, Kind kind, Better better, Change change) {
			this(applicationName, figure, kind, better, change, null);
		}

		/** The same regression with what was usual for the figure. */
		public Mover withUsual(Usual its) {
			return new Mover(applicationName, figure, kind, better, change, its);
		}

		/**
		 * Whether the worse value is within the usual spread; {@code null} where none is
		 * told.
		 */
		public Boolean withinUsual() {
			return usual == null ? null : usual.holds(change.current());
		}

		/**
		 * How much worse, in percent of the previous value; infinitely from 0 (an error
		 * rate from none to some is the first regression to look at).
		 */
		public double worseningPct() {
			Double improvement = better.improvementPct(change);
			if (improvement == null) {
				return FigureText.verdict(better, change, kind) == FigureText.Verdict.WORSE ? Double.POSITIVE_INFINITY
						: 0;
			}
			return -improvement;
		}

	}

	/**
	 * The account's headline figures, named and with the way each gets better, from the
	 * sums of the applications' figures in both periods.
	 */
	static List<Headline> headlines(long applications, AccountFigures now, AccountFigures before) {
		return List.of(
				new Headline("Applications", Kind.INTEGER, Better.NEITHER, new Change((double) applications, null)),
				new Headline("Calls", Kind.INTEGER, Better.NEITHER, new Change(now.calls(), before.calls())),
				new Headline(FigureColumn.THROUGHPUT_RPM.title(), Kind.RATE, Better.NEITHER,
						new Change(now.webThroughputRpm(), before.webThroughputRpm())),
				new Headline(FigureColumn.RESPONSE_TIME_MS.title(), Kind.MILLISECONDS, Better.LOWER,
						new Change(now.responseTimeMs(), before.responseTimeMs())),
				new Headline("Apdex score", Kind.SCORE, Better.HIGHER,
						new Change(now.apdexScore(), before.apdexScore())),
				new Headline("Error rate", Kind.FRACTION, Better.LOWER,
						new Change(now.errorRate(), before.errorRate())));
	}

	/**
	 * One of the busiest applications, each figure beside its previous value.
	 * @param account its account, where the report reads several, or {@code null}
	 */
	static Busy busy(ApplicationPeriods application, String account) {
		PeriodFigures now = application.now();
		PeriodFigures before = application.before();
		return new Busy(application.applicationName(), new Change(now.calls(), before.calls()),
				new Change(now.webThroughputRpm(), before.webThroughputRpm()),
				new Change(now.responseTimeMs(), before.responseTimeMs()),
				new Change(now.errorRate(), before.errorRate()), new Change(now.apdexScore(), before.apdexScore()),
				application.status(), application.link(), account);
	}

}
