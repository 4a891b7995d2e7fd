package io.apmreports.report;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.stereotype.Component;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.formula.AccountFigures;
import io.apmreports.history.HistoryKey;
import io.apmreports.history.HistoryRows;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Accounts;
import io.apmreports.staging.ApplicationRows;
import io.apmreports.staging.PeriodFigures;
import io.apmreports.staging.Hosts;
import io.apmreports.staging.KeyTransactions;
import io.apmreports.staging.PreviousFigures;
import io.apmreports.staging.Trends;

/**
 * Reads a run's tables in the order {@link ReportSink} expects and hands every row over
 * as it is read: each table is streamed, never held.
 */
@Component
public class ReportContent {

	/**
	 * How many applications the charts show: beyond that a chart is no longer readable.
	 */
	static final int CHART_APPLICATIONS = 10;

	private final ApplicationRows applications;

	private final Hosts hosts;

	private final KeyTransactions keyTransactions;

	private final PreviousFigures previous;

	private final Trends trends;

	private final TrendGroups trendGroups;

	private final CostContent costs;

	private final ServiceLevelContent serviceLevels;

	private final Courses courses;

	ReportContent(ApplicationRows applications, Hosts hosts, KeyTransactions keyTransactions, PreviousFigures previous,
			Trends trends, CostContent costs, ServiceLevelContent serviceLevels, Courses courses) {
		this.costs = costs;
		this.serviceLevels = serviceLevels;
		this.courses = courses;
		this.applications = applications;
		this.hosts = hosts;
		this.keyTransactions = keyTransactions;
		this.previous = previous;
		this.trends = trends;
		this.trendGroups = new TrendGroups(trends);
	}

	/**
	 * What streaming a run's files read that its digest needs too, so that the tables are
	 * read for it once.
	 *
	 * @param rows how many rows the files got
	 * @param overview the Overview with the {@code busiest} applications asked for
	 * @param charts the charts' data, or {@code null} for a report without charts
	 */
	public record Streamed(long rows, Overview overview, ChartData charts) {
	}

	/**
	 * Streams the report of a run over {@code accounts} into the sink; answers how many
	 * rows it wrote, with the Overview of the {@code busiest} applications (the files
	 * show the definition's own number of them) and the charts' data.
	 */
	public Streamed stream(long instanceId, ReportDefinition definition, TimeRange range, Accounts accounts,
			int busiest, ReportSink sink) {
		return stream(instanceId, definition, range, accounts, busiest, sink, CourseBook.NONE);
	}

	/**
	 * As above, each headline with its course and each comparison row and regression with
	 * what was usual, from the history kept under {@code history}.
	 */
	public Streamed stream(long instanceId, ReportDefinition definition, TimeRange range, Accounts accounts,
			int busiest, ReportSink sink, HistoryKey history) {
		// a report that keeps no history (cost, ingest, service levels) has no course to
		// read
		CourseBook book = HistoryRows.keeps(definition) ? courses.of(history, range, definition.timeZone())
				: CourseBook.NONE;
		return stream(instanceId, definition, range, accounts, busiest, sink, book);
	}

	private Streamed stream(long instanceId, ReportDefinition definition, TimeRange range, Accounts accounts,
			int busiest, ReportSink sink, CourseBook book) {
		long[] rows = { 0 };
		if (definition.has(Section.SUMMARY) || definition.has(Section.BREAKDOWN)) {
			applications.forEachSummary(instanceId, range, row -> {
				sink.summary(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.USAGE)) {
			Double totalCalls = applications.totalCalls(instanceId);
			applications.forEachUsage(instanceId, range, totalCalls, row -> {
				sink.usage(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.HOSTS)) {
			hosts.forEach(instanceId, row -> {
				sink.host(row);
				rows[0]++;
			});
		}
		if (definition.has(Section.KEY_TRANSACTIONS)) {
			// read in UTC; told in the report's zone, as the range is
			ZoneId zone = definition.timeZone();
			keyTransactions.forEach(instanceId, row -> {
				sink.keyTransaction(row.inZone(zone));
				rows[0]++;
			});
		}
		if (definition.has(Section.COMPARISON)) {
			previous.forEachComparison(instanceId, row -> {
				sink.comparison(row.withMedian(book.median(row.applicationId(), row.metric())));
				rows[0]++;
			});
		}
		if (definition.has(Section.TRENDS)) {
			rows[0] += trendGroups.stream(instanceId, definition.timeZone(), sink);
		}
		if (definition.has(Section.INGEST)) {
			rows[0] += costs.ingest(range, sink);
		}
		applications.forEachAbout(instanceId, sink::about);
		CostReport cost = definition.has(Section.COST) ? costs.month(instanceId, definition, range) : null;
		if (cost != null) {
			sink.cost(cost);
			rows[0] += cost.items().size();
		}
		ServiceLevelReport levels = definition.has(Section.SERVICE_LEVELS)
				? serviceLevels.month(instanceId, definition, range, accounts) : null;
		if (levels != null) {
			sink.serviceLevels(levels);
			rows[0] += levels.levels().size() * levels.months().size()
					+ levels.sla().size() * (long) levels.months().size();
		}
		ChartData charts = definition.has(Section.CHARTS) ? charts(instanceId) : null;
		if (charts != null) {
			sink.charts(charts);
		}
		// the busiest are in one order, so the first few of the longer list are the
		// files'
		int inFiles = definition.thresholds().busiest();
		Overview overview = overview(instanceId, definition, range, Math.max(inFiles, busiest), accounts, book);
		if (cost != null) {
			overview = overview.withCost(cost.headline());
		}
		if (levels != null) {
			overview = overview.withServiceLevels(levels.headline());
		}
		sink.overview(overview.withBusiest(inFiles));
		return new Streamed(rows[0], overview.withBusiest(busiest), charts);
	}

	/**
	 * What a reader sees first, with the {@code busiest} applications, each with its
	 * account over several; regressions only where the run fetched the previous period;
	 * over several accounts, each account's figures; the applications the Summary sheet
	 * marks; and the usage by team.
	 */
	public Overview overview(long instanceId, ReportDefinition definition, TimeRange range, int busiest,
			Accounts accounts) {
		return overview(instanceId, definition, range, busiest, accounts, CourseBook.NONE);
	}

	/**
	 * As above, each headline with its course; not private, so that the run's one read of
	 * its overview is the call a count of reads sees.
	 */
	Overview overview(long instanceId, ReportDefinition definition, TimeRange range, int busiest, Accounts accounts,
			CourseBook book) {
		ApplicationRows.Counts counts = applications.counts(instanceId);
		AccountFigures now = new AccountFigures();
		AccountFigures before = new AccountFigures();
		Map<Long, AccountFigures[]> byAccount = new LinkedHashMap<>();
		if (accounts.several()) {
			accounts.ids()
				.forEach(id -> byAccount.put(id, new AccountFigures[] { new AccountFigures(), new AccountFigures() }));
		}
		applications.forEachCounted(instanceId, application -> {
			application.now().addTo(now);
			application.before().addTo(before);
			AccountFigures[] its = byAccount.get(application.accountId());
			if (its != null) {
				application.now().addTo(its[0]);
				application.before().addTo(its[1]);
			}
		});
		List<Overview.Busy> busy = busiest == 0 ? List.of()
				: applications.busiest(instanceId, busiest)
					.stream()
					.map(application -> Overview.busy(application, account(accounts, application.accountId())))
					.toList();
		return new Overview(counts.applications(), counts.failed(), counts.gone(),
				book.report(Overview.headlines(counts.applications(), now, before)), busy,
				regressions(instanceId, definition, book), applications.failedNames(instanceId),
				applications.goneNames(instanceId), accountHeadlines(instanceId, accounts, byAccount, book),
				definition.thresholds(), attention(instanceId, definition, range, accounts),
				usage(instanceId, definition, range, accounts));
	}

	/** An application's account as a reader meets it, where the run reads several. */
	private static String account(Accounts accounts, Long accountId) {
		return accounts.several() && accountId != null ? accounts.byId(accountId).describe() : null;
	}

	/**
	 * The applications the Summary sheet marks, red before orange, in the sheet's order;
	 * none for a report without it.
	 */
	private List<Attention> attention(long instanceId, ReportDefinition definition, TimeRange range,
			Accounts accounts) {
		if (!definition.has(Section.SUMMARY)) {
			return List.of();
		}
		List<Attention> attention = new ArrayList<>();
		applications.forEachSummary(instanceId, range, row -> {
			Attention one = Attention.of(row.applicationName(), account(accounts, row.accountId()), row.healthStatus(),
					row.errorRate(), row.apdexScore(), definition.thresholds());
			if (one != null) {
				attention.add(one);
			}
		});
		attention.sort(Comparator.comparing(Attention::severity));
		return attention;
	}

	/** The usage by the definition's tag, and by account over several. */
	private UsageBreakdown usage(long instanceId, ReportDefinition definition, TimeRange range, Accounts accounts) {
		if (!definition.has(Section.USAGE)) {
			return UsageBreakdown.NONE;
		}
		UsageGroups groups = new UsageGroups();
		applications.forEachUsage(instanceId, range, applications.totalCalls(instanceId), groups::add);
		return UsageBreakdown.of(groups, definition.groupBy(), id -> accounts.byId(id).describe(), accounts.several());
	}

	private List<Overview.AccountHeadlines> accountHeadlines(long instanceId, Accounts accounts,
			Map<Long, AccountFigures[]> byAccount, CourseBook book) {
		if (byAccount.isEmpty()) {
			return List.of();
		}
		Map<Long, Long> listed = applications.applicationsByAccount(instanceId);
		return byAccount.entrySet()
			.stream()
			.map(account -> new Overview.AccountHeadlines(accounts.byId(account.getKey()).describe(),
					book.account(account.getKey(),
							Overview.headlines(listed.getOrDefault(account.getKey(), 0L), account.getValue()[0],
									account.getValue()[1]))))
			.toList();
	}

	/**
	 * What any {@code send-when} rule is decided on, in one pass over the counted
	 * applications; the news from {@code overview}, which has the regressions and the
	 * failed and gone already.
	 */
	public SendFacts sendFacts(long instanceId, Overview overview) {
		AccountFigures account = new AccountFigures();
		Double[] worst = new Double[3];
		applications.forEachCounted(instanceId, application -> {
			PeriodFigures now = application.now();
			now.addTo(account);
			worst[0] = lower(worst[0], now.apdexScore());
			worst[1] = higher(worst[1], now.errorRate());
			worst[2] = higher(worst[2], now.responseTimeMs());
		});
		boolean news = overview.failed() > 0 || overview.gone() > 0 || !overview.regressions().isEmpty();
		return new SendFacts(news, account.apdexScore(), account.errorRate(), account.responseTimeMs(), worst[0],
				worst[1], worst[2]);
	}

	private static Double lower(Double worst, Double value) {
		return value == null || (worst != null && worst <= value) ? worst : value;
	}

	private static Double higher(Double worst, Double value) {
		return value == null || (worst != null && worst >= value) ? worst : value;
	}

	/** The worst regressions, where the run fetched the previous period. */
	private List<Overview.Mover> regressions(long instanceId, ReportDefinition definition, CourseBook book) {
		if (!definition.has(Section.COMPARISON)) {
			return List.of();
		}
		Regressions regressions = new Regressions(definition.thresholds());
		previous.forEachComparison(instanceId,
				row -> regressions.accept(row, book.usual(row.applicationId(), row.metric())));
		return regressions.worst();
	}

	/** The charts' data: the top applications by web throughput. */
	public ChartData charts(long instanceId) {
		return ChartData.of(trends.busiestByThroughput(instanceId, CHART_APPLICATIONS),
				applicationId -> trends.series(instanceId, applicationId));
	}

}
