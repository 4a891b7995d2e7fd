package io.apmreports.report;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import io.apmreports.formula.FigureColumn;
import io.apmreports.formula.Kind;

/**
 * Every figure the comparison holds, by the header that names it in the files: the
 * breakdown's figures, Apdex and the error rate, each with its name in words, how its
 * values are written, and which way it gets better.
 */
public final class Measures {

	static final String APDEX_SCORE = "apdex_score";

	static final String ERROR_RATE = "error_rate";

	private Measures() {
	}

	/** The figure in words with its unit; the header itself for one it does not know. */
	public static String title(String header) {
		return switch (header) {
			case APDEX_SCORE -> "Apdex score";
			case ERROR_RATE -> "Error rate";
			default -> figure(header).map(FigureColumn::title).orElse(header);
		};
	}

	public static Kind kind(String header) {
		return switch (header) {
			case APDEX_SCORE -> Kind.SCORE;
			case ERROR_RATE -> Kind.FRACTION;
			default -> figure(header).map(FigureColumn::kind).orElse(Kind.NUMBER);
		};
	}

	/**
	 * Times and errors get better as they fall, Apdex as it rises; throughput is traffic,
	 * neither.
	 */
	public static Overview.Better better(String header) {
		if (header.equals(APDEX_SCORE)) {
			return Overview.Better.HIGHER;
		}
		if (header.equals(ERROR_RATE) || header.endsWith("_ms")) {
			return Overview.Better.LOWER;
		}
		return Overview.Better.NEITHER;
	}

	private static Optional<FigureColumn> figure(String header) {
		return Arrays.stream(FigureColumn.values())
			.filter(figure -> figure.header().equals(header.toLowerCase(Locale.ROOT)))
			.findFirst();
	}

}
