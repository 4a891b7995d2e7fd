package io.apmreports.report.xlsx;

import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

import org.apache.poi.common.usermodel.HyperlinkType;
import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.Hyperlink;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.util.CellRangeAddress;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Kind;
import io.apmreports.report.CourseText;
import io.apmreports.report.Overview;
import io.apmreports.report.PeriodWords;
import io.apmreports.report.ReportHeader;

/**
 * The first sheet, which answers "how did we do" on one landscape page: the title and the
 * range in words, the account's headline figures against the previous period with a
 * coloured change, the failed and gone applications by name, the busiest applications,
 * and the regressions worth a look.
 */
final class OverviewSheet {

	/**
	 * Each column's width in characters: names, then figures as wide as the widest a
	 * column holds (a change such as "\u25BC -92,280 (-0.2%)", an Apdex), so that the
	 * page, fitted to one, prints its smallest text at
	 * {@value PrintLayout#SMALLEST_PRINTED_POINTS} points or more: at 34 and 17 each, it
	 * printed on two pages.
	 */
	private static final int[] WIDTHS = { 28, 16, 16, 17, 17, 10, 19, 11 };

	private static final int COLUMNS = WIDTHS.length;

	private static final DateTimeFormatter GENERATED = DateTimeFormatter.ofPattern("EEE d MMM uuuu HH:mm",
			Locale.ENGLISH);

	private final Sheet sheet;

	private final ReportHeader header;

	private final WorkbookStyles styles;

	private final OverviewStyles look;

	private final CourseCells course;

	private int next;

	OverviewSheet(Sheet sheet, ReportHeader header, WorkbookStyles styles, OverviewStyles look) {
		this.sheet = sheet;
		this.header = header;
		this.styles = styles;
		this.look = look;
		this.course = new CourseCells(sheet, look);
	}

	void write(Overview content) {
		PeriodWords words = PeriodWords.of(header.range(), header.timeZone());
		String now = words.now();
		String before = words.before();
		title(content);
		if (content.cost() != null) {
			next = CostOverview.write(sheet, next, content.cost(), styles, look);
		}
		if (content.serviceLevels() != null) {
			next = ServiceLevelOverview.write(sheet, next, content.serviceLevels(), styles, look);
		}
		// a report of cost, or of service levels, alone has no applications' figures
		if (!content.withoutApplications()) {
			headlines(content, now, before);
			casualties(content);
			busiest(content);
			regressions(content, words);
			note("Figures are summarized over the range. An empty cell is a figure whose metrics were not reported; "
					+ "the About sheet has the formulas.");
		}
		layout();
	}

	private void title(Overview content) {
		look.title(row(), header.title());
		look.subtitle(row(), header.range().describe(header.timeZone()));
		look.subtitle(row(), header.account());
		note("Report " + header.report() + ", generated "
				+ GENERATED.format(header.generatedAt().atZoneSameInstant(header.timeZone())));
		if (header.selectionNote() != null) {
			note(header.selectionNote());
		}
		next++;
	}

	/**
	 * Each headline the run has a figure for (a usage report has no Apdex); the previous
	 * period's column and the changes only where the run fetched it.
	 */
	private void headlines(Overview content, String now, String before) {
		boolean compared = content.compared();
		headlines(header.scope(), content.headlines(), compared, now, before, content.thresholds());
		// over several accounts, each account's own, which add up to the figures above
		for (Overview.AccountHeadlines account : content.accounts()) {
			next++;
			headlines(account.account(), account.headlines(), compared, now, before, content.thresholds());
		}
		if (CourseCells.shown(content.headlines())) {
			note(CourseCells.note(content.headlines()));
		}
		if (compared) {
			note("Change: \u25B2 up, \u25BC down; green is better, red is worse, grey is traffic or less than "
					+ fmt(content.thresholds().notablePct()) + "% (" + fmt(content.thresholds().notablePp())
					+ " pp for a rate).");
		}
		next++;
	}

	private void headlines(String heading, List<Overview.Headline> headlines, boolean compared, String now,
			String before, Thresholds thresholds) {
		boolean courses = CourseCells.shown(headlines);
		String line = courses ? CourseCells.heading(headlines) : null;
		if (compared && courses) {
			headings(1, heading, now, before, "Change", line, "", "Usual before");
		}
		else if (compared) {
			headings(1, heading, now, before, "Change");
		}
		else if (courses) {
			headings(1, heading, now, "", "", line, "", "Usual before");
		}
		else {
			headings(1, heading, now);
		}
		for (Overview.Headline headline : headlines) {
			Row row = row();
			course.write(row, headline);
			styles.heading(row, 0, headline.name());
			figure(row, 1, headline.change().current(), headline.kind());
			if (compared) {
				figure(row, 2, headline.change().previous(), headline.kind());
				look.change(row, 3, headline.change(), headline.better(), headline.kind(), thresholds);
			}
		}
	}

	/** Counted in column B, named beside it, so that nobody misses them. */
	private void casualties(Overview content) {
		casualty("Failed", content.failed(), content.failedApplications());
		casualty("Gone (deleted during the run)", content.gone(), content.goneApplications());
		next++;
	}

	private void casualty(String label, long count, List<String> names) {
		Row row = row();
		styles.heading(row, 0, label);
		figure(row, 1, (double) count, Kind.INTEGER);
		if (!names.isEmpty()) {
			row.createCell(2).setCellValue(String.join(", ", names));
			look.wrapped(row.getCell(2));
			sheet.addMergedRegion(new CellRangeAddress(row.getRowNum(), row.getRowNum(), 2, COLUMNS - 1));
		}
	}

	private void busiest(Overview content) {
		List<Overview.Busy> busiest = content.busiest();
		look.section(row(), busiest.size() == 1 ? "The busiest application" : "The busiest applications");
		if (busiest.isEmpty()) {
			note("No application served calls in the range.");
			next++;
			return;
		}
		List<BusyColumn> columns = BusyColumn.shown(content);
		Row headings = row();
		look.columnHeading(headings, 0, "Application", false);
		for (int i = 0; i < columns.size(); i++) {
			look.columnHeading(headings, i + 1, columns.get(i).title(), true);
		}
		headings.setHeightInPoints(28);
		for (Overview.Busy busy : busiest) {
			Row row = row();
			Cell name = row.createCell(0);
			name.setCellValue(busy.applicationName());
			if (busy.link() != null) {
				// a hyperlink object, never a HYPERLINK formula: a name cannot turn into
				// one
				Hyperlink link = sheet.getWorkbook().getCreationHelper().createHyperlink(HyperlinkType.URL);
				link.setAddress(busy.link());
				name.setHyperlink(link);
				name.setCellStyle(look.link());
			}
			for (int i = 0; i < columns.size(); i++) {
				columns.get(i).write(row, i + 1, busy, styles, look, content.thresholds());
			}
		}
		next++;
	}

	private void regressions(Overview content, PeriodWords words) {
		String now = words.now();
		String before = words.before();
		Thresholds t = content.thresholds();
		if (!content.regressionsChecked()) {
			// no heading against a period the report did not fetch
			look.section(row(), "Regressions worth a look");
			note(content.noRegressions());
			next++;
			return;
		}
		look.section(row(),
				"Regressions worth a look: " + fmt(t.regressionPct()) + "% or more worse than " + words.against());
		note("And by " + fmt(t.regressionMinMs()) + " ms, " + fmt(t.regressionMinApdex()) + " Apdex or "
				+ fmt(t.regressionMinErrorPp()) + " pp at least, at " + fmt(t.regressionMinThroughputRpm())
				+ " rpm or more; by impact (how much worse times the calls).");
		if (content.regressions().isEmpty()) {
			note(content.noRegressions());
			next++;
			return;
		}
		boolean usual = content.regressions().stream().anyMatch(mover -> mover.usual() != null);
		if (usual) {
			headings(2, "Application", "Figure", before, now, "Change", "Against the usual");
		}
		else {
			headings(2, "Application", "Figure", before, now, "Change");
		}
		for (Overview.Mover mover : content.regressions()) {
			Row row = row();
			row.createCell(0).setCellValue(mover.applicationName());
			row.createCell(1).setCellValue(mover.figure());
			figure(row, 2, mover.change().previous(), mover.kind());
			figure(row, 3, mover.change().current(), mover.kind());
			look.change(row, 4, mover.change(), mover.better(), mover.kind(), content.thresholds());
			if (mover.usual() != null) {
				usual(row, CourseText.regression(mover));
			}
		}
		next++;
	}

	/** Whether a regression is within its usual spread, in words after its change. */
	private void usual(Row row, String words) {
		Cell cell = row.createCell(5);
		cell.setCellValue(words);
		look.small(cell);
		row.setHeightInPoints(28);
		sheet.addMergedRegion(new CellRangeAddress(row.getRowNum(), row.getRowNum(), 5, COLUMNS - 1));
	}

	/** A table's headings; from column {@code firstFigure} on they stand over figures. */
	private void headings(int firstFigure, String... texts) {
		Row row = row();
		boolean wraps = false;
		for (int i = 0; i < texts.length; i++) {
			look.columnHeading(row, i, texts[i], i >= firstFigure);
			wraps |= texts[i].length() > WIDTHS[i] - 2;
		}
		// two lines where a heading is longer than its column, one otherwise
		row.setHeightInPoints(wraps ? 28 : 16);
	}

	private void figure(Row row, int column, Double value, Kind kind) {
		styles.number(row, column, value, kind);
	}

	private void note(String text) {
		look.note(row(), text);
	}

	private Row row() {
		return sheet.createRow(next++);
	}

	private void layout() {
		for (int column = 0; column < COLUMNS; column++) {
			sheet.setColumnWidth(column, WIDTHS[column] * 256);
		}
		sheet.setDisplayGridlines(false);
		PrintLayout.setUp(sheet, header, 0);
		sheet.setPrintGridlines(false);
		// one page, as docs/output.md says: split over two, its text was cut mid-word
		PrintLayout.onePage(sheet);
	}

	private static String fmt(double value) {
		return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
	}

}
