package io.apmreports.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.apmreports.definition.Thresholds;
import io.apmreports.formula.Kind;

/**
 * An application that needs a look before anything else, as the workbook's Summary sheet
 * marks it: a red or orange health, an error rate above the definition's
 * {@code high-error-rate} or an Apdex under its {@code low-apdex} (cells the sheet fills
 * red). The e-mail shows it in the same colour.
 *
 * @param applicationName its name
 * @param account its account as a reader meets it, or {@code null} where the report reads
 * one
 * @param severity red or orange, as the workbook has it
 * @param reasons why, in words: "health red", "error rate 6.20% (above 5.00%)"
 */
public record Attention(String applicationName, String account, Severity severity, List<String> reasons) {

	public Attention {
		reasons = List.copyOf(reasons);
	}

	/** How bad, in the colours the workbook shows. */
	public enum Severity {

		RED, ORANGE

	}

	/**
	 * What an application's health, error rate and Apdex call for; {@code null} when
	 * nothing does.
	 */
	static Attention of(String applicationName, String account, String health, Double errorRate, Double apdex,
			Thresholds thresholds) {
		List<String> reasons = new ArrayList<>();
		String colour = health == null ? "" : health.toLowerCase(Locale.ROOT);
		boolean red = colour.equals("red");
		boolean coloured = red || colour.equals("orange");
		if (coloured) {
			reasons.add("health " + colour);
		}
		if (errorRate != null && errorRate > thresholds.highErrorRate()) {
			red = true;
			reasons.add("error rate " + FigureText.value(errorRate, Kind.FRACTION) + " (above "
					+ FigureText.value(thresholds.highErrorRate(), Kind.FRACTION) + ")");
		}
		if (apdex != null && apdex < thresholds.lowApdex()) {
			red = true;
			reasons.add("Apdex " + FigureText.value(apdex, Kind.SCORE) + " (under "
					+ FigureText.value(thresholds.lowApdex(), Kind.SCORE) + ")");
		}
		if (reasons.isEmpty()) {
			return null;
		}
		if (reasons.size() == 1 && coloured) {
			// the figures beside the vendor's colour, which the reader may not know why
			if (errorRate != null) {
				reasons.add("error rate " + FigureText.value(errorRate, Kind.FRACTION));
			}
			if (apdex != null) {
				reasons.add("Apdex " + FigureText.value(apdex, Kind.SCORE));
			}
		}
		return new Attention(applicationName, account, red ? Severity.RED : Severity.ORANGE, reasons);
	}

}
