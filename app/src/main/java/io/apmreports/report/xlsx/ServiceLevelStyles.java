package io.apmreports.report.xlsx;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.CellStyle;
import org.apache.poi.ss.usermodel.FillPatternType;
import org.apache.poi.ss.usermodel.HorizontalAlignment;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.xssf.streaming.SXSSFWorkbook;
import org.apache.poi.xssf.usermodel.XSSFCellStyle;
import org.apache.poi.xssf.usermodel.XSSFColor;
import org.apache.poi.xssf.usermodel.XSSFFont;

import io.apmreports.report.BudgetColour;
import io.apmreports.report.ServiceLevelText;

/**
 * The cells of a service level's month: an attainment to the places its target calls for,
 * a partial month's marked in its format so that the cell stays a number; a budget as a
 * percentage filled in the vendor's colour; a month before the level existed in grey
 * words. Each style is created once.
 */
final class ServiceLevelStyles {

	/** Fill and text per colour: Excel's own good, neutral and bad. */
	private static final Map<BudgetColour, String[]> COLOURS = Map.of(BudgetColour.GREEN,
			new String[] { "C6EFCE", "006100" }, BudgetColour.YELLOW, new String[] { "FFEB9C", "7F4F00" },
			BudgetColour.RED, new String[] { "FFC7CE", "9C0006" });

	private final SXSSFWorkbook workbook;

	private final Map<String, CellStyle> attainments = new HashMap<>();

	private final Map<BudgetColour, CellStyle> budgets = new EnumMap<>(BudgetColour.class);

	private final Map<BudgetColour, CellStyle> words = new EnumMap<>(BudgetColour.class);

	private final CellStyle plainBudget;

	private final CellStyle before;

	ServiceLevelStyles(SXSSFWorkbook workbook) {
		this.workbook = workbook;
		for (BudgetColour colour : BudgetColour.values()) {
			budgets.put(colour, filled(colour, "0%"));
			words.put(colour, filled(colour, null));
		}
		this.plainBudget = format("0%");
		XSSFFont grey = (XSSFFont) workbook.createFont();
		grey.setItalic(true);
		grey.setColor(color("6B6B6B"));
		this.before = workbook.createCellStyle();
		this.before.setFont(grey);
		this.before.setAlignment(HorizontalAlignment.RIGHT);
		// over two lines in a month's narrow column, rather than cut
		this.before.setWrapText(true);
	}

	/**
	 * An attainment in percent ("99.86 %"), "(partial)" after a partial month's; an empty
	 * cell when absent.
	 */
	void attainment(Row row, int column, Double attainmentPct, Double targetPct, boolean partial) {
		attainment(row, column, attainmentPct, targetPct, partial ? "\" (partial)\"" : "");
	}

	/**
	 * As {@link #attainment}, a partial month's marked "(p)", where room is short (a star
	 * is a spreadsheet's fill character, which some readers drop even quoted).
	 */
	void attainmentStarred(Row row, int column, Double attainmentPct, Double targetPct, boolean partial) {
		attainment(row, column, attainmentPct, targetPct, partial ? "\" (p)\"" : "");
	}

	private void attainment(Row row, int column, Double attainmentPct, Double targetPct, String mark) {
		if (attainmentPct == null) {
			return;
		}
		int decimals = ServiceLevelText.attainmentDecimals(attainmentPct, targetPct);
		// a fraction in a percent format, as spreadsheets hold percentages: a % in a
		// quoted literal was taken for a percent sign by some readers, showing 9986 %
		String format = "0." + "0".repeat(decimals) + "%" + mark;
		Cell cell = row.createCell(column);
		cell.setCellValue(attainmentPct / 100);
		cell.setCellStyle(attainments.computeIfAbsent(format, this::format));
	}

	/** A share of the budget as a percentage, filled in its colour; empty when absent. */
	void budget(Row row, int column, Double fraction, BudgetColour colour) {
		if (fraction == null) {
			return;
		}
		Cell cell = row.createCell(column);
		cell.setCellValue(fraction);
		cell.setCellStyle(colour == null ? plainBudget : budgets.get(colour));
	}

	/** The budget in words, filled in its colour. */
	void words(Row row, int column, String text, BudgetColour colour) {
		if (text == null || text.isEmpty()) {
			return;
		}
		Cell cell = row.createCell(column);
		cell.setCellValue(text);
		if (colour != null) {
			cell.setCellStyle(words.get(colour));
		}
	}

	/** "before the SLI existed", in grey, in place of any figure. */
	void beforeCreation(Row row, int column) {
		Cell cell = row.createCell(column);
		cell.setCellValue(ServiceLevelText.beforeCreation());
		cell.setCellStyle(before);
	}

	private CellStyle filled(BudgetColour colour, String format) {
		XSSFCellStyle style = (XSSFCellStyle) (format == null ? workbook.createCellStyle() : format(format));
		XSSFFont font = (XSSFFont) workbook.createFont();
		font.setColor(color(COLOURS.get(colour)[1]));
		style.setFont(font);
		style.setFillForegroundColor(color(COLOURS.get(colour)[0]));
		style.setFillPattern(FillPatternType.SOLID_FOREGROUND);
		return style;
	}

	private CellStyle format(String format) {
		CellStyle style = workbook.createCellStyle();
		style.setDataFormat(workbook.createDataFormat().getFormat(format));
		style.setAlignment(HorizontalAlignment.RIGHT);
		return style;
	}

	private static XSSFColor color(String hex) {
		return new XSSFColor(HexFormat.of().parseHex(hex), null);
	}

}
