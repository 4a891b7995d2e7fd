package io.apmreports.report.xlsx;

import java.util.List;

import org.apache.poi.ss.usermodel.ConditionalFormattingRule;
import org.apache.poi.ss.usermodel.PatternFormatting;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.SheetConditionalFormatting;
import org.apache.poi.ss.util.CellRangeAddress;
import org.apache.poi.ss.util.CellReference;
import org.apache.poi.xssf.usermodel.XSSFColor;

import io.apmreports.report.Column;
import io.apmreports.definition.Thresholds;
import io.apmreports.report.Columns;

/**
 * Conditional formatting that makes the figures needing attention stand out: a low Apdex,
 * a high error rate, a regression of a time. Rules rather than cell styles, so that they
 * still apply after a reader sorts or edits.
 */
final class Highlights {

	/** Excel's "light red fill", the fill readers know as a warning. */
	private static final byte[] RED = { (byte) 0xFF, (byte) 0xC7, (byte) 0xCE };

	private static final byte[] ORANGE = { (byte) 0xFF, (byte) 0xD8, (byte) 0x9E };

	private Highlights() {
	}

	/**
	 * Marks an Apdex under the definition's {@code low-apdex} (0.7: users more often
	 * tolerating or frustrated than satisfied) and an error rate over its
	 * {@code high-error-rate} (5%: more than one call in twenty failing).
	 */
	static void summary(Sheet sheet, int firstRow, int lastRow, Thresholds thresholds) {
		int apdex = column(Columns.SUMMARY, "apdex_score");
		int errorRate = column(Columns.SUMMARY, "error_rate");
		String score = cell(apdex, firstRow);
		String rate = cell(errorRate, firstRow);
		// ISNUMBER: an absent figure is an empty cell, which a bare comparison would read
		// as 0, a low Apdex
		add(sheet, "AND(ISNUMBER(" + score + ")," + score + "<" + thresholds.lowApdex() + ")", RED,
				new CellRangeAddress(firstRow, lastRow, apdex, apdex));
		add(sheet, "AND(ISNUMBER(" + rate + ")," + rate + ">" + thresholds.highErrorRate() + ")", RED,
				new CellRangeAddress(firstRow, lastRow, errorRate, errorRate));
	}

	/**
	 * Marks the rows the writer found regressions, by the rule of the Overview and the
	 * e-mail, in its Regression column.
	 */
	static void comparison(Sheet sheet, int firstRow, int lastRow) {
		String regression = "$" + cell(column(SheetColumns.COMPARISON, "regression"), firstRow);
		add(sheet, regression + "=\"" + SheetColumns.REGRESSION + "\"", ORANGE,
				new CellRangeAddress(firstRow, lastRow, 0, SheetColumns.COMPARISON.size() - 1));
	}

	private static void add(Sheet sheet, String formula, byte[] rgb, CellRangeAddress range) {
		SheetConditionalFormatting formatting = sheet.getSheetConditionalFormatting();
		ConditionalFormattingRule rule = formatting.createConditionalFormattingRule(formula);
		PatternFormatting fill = rule.createPatternFormatting();
		fill.setFillBackgroundColor(new XSSFColor(rgb, null));
		fill.setFillPattern(PatternFormatting.SOLID_FOREGROUND);
		formatting.addConditionalFormatting(new CellRangeAddress[] { range }, rule);
	}

	/**
	 * A reference relative in both directions, as a rule's formula names the first cell
	 * of its range.
	 */
	private static String cell(int column, int row) {
		return new CellReference(row, column, false, false).formatAsString();
	}

	private static <R> int column(List<Column<R>> columns, String header) {
		for (int i = 0; i < columns.size(); i++) {
			if (columns.get(i).header().equals(header)) {
				return i;
			}
		}
		throw new IllegalStateException("no column " + header);
	}

}
