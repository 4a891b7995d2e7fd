package io.apmreports.report;

import java.util.List;

/**
 * What a service-level report says first, in the workbook's Overview, the PDF, the e-mail
 * and the chat alike: the levels, the worst budget first, in words, and what is said of
 * the rest.
 *
 * @param month the month in words ("October 2026")
 * @param worst one sentence per level, the most consumed budget first, at most
 * {@link ServiceLevelText#WORST}
 * @param notes what is counted, what is left out of the sentences, and under REST v2 that
 * service levels need NRQL
 * @param alone whether the report is of service levels alone: its readers show this in
 * place of the applications' figures, of which it has none
 */
public record ServiceLevelHeadline(String month, List<Worst> worst, List<String> notes, boolean alone) {

	public ServiceLevelHeadline {
		worst = List.copyOf(worst);
		notes = List.copyOf(notes);
	}

	/** The heading: "Service levels in October 2026". */
	public String title() {
		return "Service levels in " + month;
	}

	/**
	 * One level's month in a sentence, with its budget's colour.
	 *
	 * @param text "Checkout availability spent 140 % of its error budget in October 2026:
	 * 99.86 % against 99.9 %"
	 * @param colour the budget's colour, or {@code null} where there is no budget
	 */
	public record Worst(String text, BudgetColour colour) {
	}

}
