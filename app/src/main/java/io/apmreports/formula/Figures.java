package io.apmreports.formula;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The breakdown figures of an application or host over the range, one per
 * {@link FigureColumn}.
 *
 * @param values the figures by column; one that is missing or {@code null} is absent (an
 * empty cell)
 */
public record Figures(Map<FigureColumn, Double> values) {

	public Figures {
		EnumMap<FigureColumn, Double> present = new EnumMap<>(FigureColumn.class);
		values.forEach((figure, value) -> {
			if (value != null) {
				present.put(figure, value);
			}
		});
		values = Collections.unmodifiableMap(present);
	}

	/** The figure's value, or {@code null} when it is absent. */
	public Double get(FigureColumn figure) {
		return values.get(figure);
	}

}
