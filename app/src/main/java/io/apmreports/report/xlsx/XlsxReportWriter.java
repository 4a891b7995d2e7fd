package io.apmreports.report.xlsx;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.apache.poi.xssf.streaming.SXSSFWorkbook;

import io.apmreports.definition.Section;
import io.apmreports.report.ChartData;
import io.apmreports.report.Column;
import io.apmreports.report.Columns;
import io.apmreports.report.CostReport;
import io.apmreports.report.Overview;
import io.apmreports.report.RegressionRule;
import io.apmreports.report.ReportHeader;
import io.apmreports.report.ReportSink;
import io.apmreports.report.ServiceLevelReport;
import io.apmreports.staging.AboutRow;
import io.apmreports.staging.ComparisonRow;
import io.apmreports.staging.HostRow;
import io.apmreports.staging.KeyTransactionRow;
import io.apmreports.staging.NamedApplication;
import io.apmreports.staging.SummaryRow;
import io.apmreports.staging.TrendPoint;
import io.apmreports.staging.UsageRow;

/**
 * Writes the workbook with POI's streaming SXSSF: an Overview sheet first, then the
 * Charts sheet when chosen, then one sheet per chosen section with the columns of its CSV
 * file but Trends, which is a table by slice ({@link TrendSheet}), and an About sheet
 * with the formulas and each application's provenance. Rows go to disk as they come; each
 * cell style is created once.
 */
public final class XlsxReportWriter implements ReportSink {

	/** Rows kept in memory per sheet before SXSSF flushes them to its temporary file. */
	static final int WINDOW = 100;

	private final Path file;

	private final ReportHeader header;

	private final SXSSFWorkbook workbook = new SXSSFWorkbook(WINDOW);

	private final WorkbookStyles styles = new WorkbookStyles(workbook);

	private final OverviewSheet overview;

	private final ChartSheet charts;

	private final boolean costSection;

	private CostSheets cost;

	private final boolean levelsSection;

	private boolean levelsWritten;

	private final SheetTable<SummaryRow> summary;

	private final SheetTable<SummaryRow> breakdown;

	private final SheetTable<HostRow> hosts;

	private final SheetTable<KeyTransactionRow> keyTransactions;

	private final SheetTable<ComparisonRow> comparison;

	private final TrendSheet trends;

	private final UsageSheets usage;

	private final SheetTable<AboutRow> about;

	private final RegressionRule regressionRule;

	/** A workbook without usage groups. */
	public XlsxReportWriter(Path file, ReportHeader header, Set<Section> sections) {
		this(file, header, sections, null, false);
	}

	/**
	 * @param groupBy the tag whose values group the usage, or {@code null}
	 * @param severalAccounts whether the run reads several accounts, whose usage has a
	 * subtotal each
	 */
	public XlsxReportWriter(Path file, ReportHeader header, Set<Section> sections, String groupBy,
			boolean severalAccounts) {
		this.file = file;
		this.header = header;
		this.overview = new OverviewSheet(workbook.createSheet("Overview"), header, styles,
				new OverviewStyles(workbook));
		this.costSection = sections.contains(Section.COST);
		this.levelsSection = sections.contains(Section.SERVICE_LEVELS);
		// created now although written last, so that it is second without reordering
		// sheets
		this.charts = sections.contains(Section.CHARTS)
				? new ChartSheet(workbook, workbook.createSheet(ChartSheet.NAME), styles, header) : null;
		this.summary = table(sections, Section.SUMMARY, "Summary", Columns.SUMMARY);
		this.breakdown = table(sections, Section.BREAKDOWN, "Breakdown", SheetColumns.BREAKDOWN);
		this.hosts = table(sections, Section.HOSTS, "Hosts", Columns.HOSTS);
		this.keyTransactions = table(sections, Section.KEY_TRANSACTIONS, "Key transactions",
				SheetColumns.KEY_TRANSACTIONS);
		this.comparison = table(sections, Section.COMPARISON, "Comparison", SheetColumns.COMPARISON);
		this.trends = sections.contains(Section.TRENDS) ? new TrendSheet(workbook, styles, header) : null;
		this.usage = sections.contains(Section.USAGE)
				? new UsageSheets(workbook, styles, header, groupBy, severalAccounts) : null;
		boolean levelsAlone = Set.of(Section.SERVICE_LEVELS).containsAll(sections);
		this.about = costAlone(sections) || levelsAlone ? null : AboutSheet.create(workbook, styles, header);
		if (levelsAlone) {
			ServiceLevelAbout.create(workbook, styles, header);
		}
		else if (about == null) {
			AboutSheet.createForCost(workbook, styles, header);
		}
		this.regressionRule = new RegressionRule(header.thresholds());
	}

	@Override
	public void summary(SummaryRow row) {
		if (summary != null) {
			summary.add(row, row.link());
		}
		// the Summary's name links to the page; a second link per row on the Breakdown
		// would cost the writing of a large account seconds for a click readers have
		// one sheet over
		write(breakdown, row);
	}

	@Override
	public void host(HostRow row) {
		write(hosts, row);
	}

	@Override
	public void keyTransaction(KeyTransactionRow row) {
		write(keyTransactions, row);
	}

	@Override
	public void comparison(ComparisonRow row) {
		// every row, for the rule to know each application's traffic
		boolean regression = regressionRule.accept(row).isPresent();
		// a figure absent in both periods says nothing; the file keeps it for programs
		if (comparison != null && (row.current() != null || row.previous() != null)) {
			comparison.add(row);
			if (regression) {
				comparison.sheet()
					.getRow(comparison.lastRow())
					.createCell(SheetColumns.COMPARISON.size() - 1)
					.setCellValue(SheetColumns.REGRESSION);
			}
		}
	}

	@Override
	public void trendGroup(List<NamedApplication> applications, List<TrendPoint> bySlice) {
		if (trends != null) {
			trends.group(applications, bySlice);
		}
	}

	@Override
	public void usage(UsageRow row) {
		if (usage != null) {
			usage.add(row);
		}
	}

	@Override
	public void about(AboutRow row) {
		write(about, row);
	}

	@Override
	public void cost(CostReport report) {
		if (costSection && cost == null) {
			cost = new CostSheets(workbook, styles, header);
			cost.write(report);
		}
	}

	@Override
	public void serviceLevels(ServiceLevelReport report) {
		if (levelsSection && !levelsWritten) {
			levelsWritten = true;
			new ServiceLevelSheets(workbook, styles, header).write(report);
		}
	}

	@Override
	public void charts(ChartData data) {
		if (charts != null) {
			charts.write(data);
		}
	}

	@Override
	public void overview(Overview content) {
		overview.write(content);
	}

	@Override
	public void close() throws IOException {
		try {
			if (summary != null) {
				Highlights.summary(summary.sheet(), 1, Math.max(summary.lastRow(), 1), header.thresholds());
			}
			if (comparison != null) {
				Highlights.comparison(comparison.sheet(), 1, Math.max(comparison.lastRow(), 1));
			}
			if (trends != null) {
				trends.finish();
			}
			if (usage != null) {
				usage.finish();
			}
			for (SheetTable<?> table : Arrays.asList(summary, breakdown, hosts, keyTransactions, comparison, about)) {
				if (table != null) {
					table.finish();
				}
			}
			try (OutputStream out = Files.newOutputStream(file)) {
				workbook.write(out);
			}
		}
		finally {
			workbook.close();
		}
	}

	/** Whether the workbook is of the cost report alone, which lists no application. */
	private static boolean costAlone(Set<Section> sections) {
		return sections.contains(Section.COST) && Set.of(Section.COST, Section.INGEST).containsAll(sections);
	}

	private <R> SheetTable<R> table(Set<Section> sections, Section section, String name, List<Column<R>> columns) {
		return sections.contains(section) ? new SheetTable<>(workbook.createSheet(name), columns, 0, styles, header)
				: null;
	}

	private static <R> void write(SheetTable<R> table, R row) {
		if (table != null) {
			table.add(row);
		}
	}

}
