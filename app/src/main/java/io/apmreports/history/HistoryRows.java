package io.apmreports.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.apmreports.definition.ReportDefinition;
import io.apmreports.definition.Section;
import io.apmreports.formula.AccountFigures;
import io.apmreports.range.TimeRange;
import io.apmreports.source.Account;
import io.apmreports.source.Accounts;

/**
 * The rows one period of a report keeps, built from its counted applications fed one at a
 * time: the report's headline and each account's and team's, added up as the Overview
 * adds them ({@link AccountFigures}), and each application's own. A run and a backfill
 * build them alike, so a backfilled period holds what a run of it would have kept.
 */
public final class HistoryRows {

	/** Sections that tell no application's figures of the range. */
	private static final Set<Section> WITHOUT_FIGURES = Set.of(Section.COST, Section.INGEST, Section.SERVICE_LEVELS);

	private final TimeRange period;

	private final Accounts accounts;

	private final boolean grouped;

	private final HistoryOrigin origin;

	private final Long jobExecutionId;

	private final AccountFigures report = new AccountFigures();

	private final Map<Long, AccountFigures> byAccount = new LinkedHashMap<>();

	private final Map<String, AccountFigures> byTeam = new TreeMap<>();

	private final List<HistoryRow> applications = new ArrayList<>();

	/**
	 * @param period the period the figures cover
	 * @param accounts the accounts the report reads, each of which gets a row
	 * @param grouped whether the report groups its applications by a tag (the
	 * definition's {@code group-by}), whose values get a row each
	 * @param origin where the figures came from
	 * @param jobExecutionId the run that recorded them, or {@code null} for a backfill
	 */
	public HistoryRows(TimeRange period, Accounts accounts, boolean grouped, HistoryOrigin origin,
			Long jobExecutionId) {
		this.period = period;
		this.accounts = accounts;
		this.grouped = grouped;
		this.origin = origin;
		this.jobExecutionId = jobExecutionId;
		accounts.ids().forEach(id -> byAccount.put(id, new AccountFigures()));
	}

	/**
	 * Whether a report's periods are kept: those of a report that tells its applications'
	 * figures. Not one of usage events alone (cost, ingest), nor one of service levels
	 * alone, whose report keeps its own months.
	 */
	public static boolean keeps(ReportDefinition definition) {
		return definition.sections().isEmpty() || !WITHOUT_FIGURES.containsAll(definition.sections());
	}

	/** Adds one application that counts towards the report's figures. */
	public void add(CountedApplication application) {
		HistoryFigures figures = application.figures();
		add(figures, report);
		long accountId = application.accountId() == null ? 0 : application.accountId();
		AccountFigures account = byAccount.get(accountId);
		if (account != null) {
			add(figures, account);
		}
		// an application without the grouping tag is in no team: the report's and its
		// account's rows hold it
		if (grouped && application.group() != null) {
			add(figures, byTeam.computeIfAbsent(application.group(), team -> new AccountFigures()));
		}
		applications.add(row(HistoryScope.APPLICATION, accountId, Long.toString(application.applicationId()),
				application.name(), figures));
	}

	/** Adds an application's figures to a sum, as the Overview adds them. */
	private static void add(HistoryFigures figures, AccountFigures sum) {
		sum.add(figures.calls(), figures.throughputRpm(), figures.responseTimeMs(), figures.apdexScore(),
				figures.errorRate());
	}

	/**
	 * The rows of the period: the report's, each account's, each team's, each
	 * application's.
	 */
	public List<HistoryRow> rows() {
		List<HistoryRow> rows = new ArrayList<>(2 + byAccount.size() + byTeam.size() + applications.size());
		rows.add(row(HistoryScope.REPORT, 0, "", null, headline(report)));
		byAccount.forEach((id, figures) -> rows
			.add(row(HistoryScope.ACCOUNT, id, "", name(accounts.byId(id)), headline(figures))));
		byTeam.forEach((team, figures) -> rows.add(row(HistoryScope.TEAM, 0, team, team, headline(figures))));
		rows.addAll(applications);
		return rows;
	}

	/** The figures the Overview's headlines tell of these sums. */
	public static HistoryFigures headline(AccountFigures figures) {
		return HistoryFigures.headline(figures.calls(), figures.webThroughputRpm(), figures.responseTimeMs(),
				figures.apdexScore(), figures.errorRate());
	}

	private static String name(Account account) {
		return account == null ? null : account.describe();
	}

	private HistoryRow row(HistoryScope scope, long accountId, String subject, String name, HistoryFigures figures) {
		return new HistoryRow(scope, accountId, subject, name, period, figures, origin, jobExecutionId);
	}

}
