package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Requests the sandbox refuses every time they come, as the service refuses a query or
 * request it will not run: what a test needs to see that a part refused is told, never
 * written as if it had no data. Unlike the numbered faults, a refusal follows what is
 * asked, not when.
 *
 * @param nrqlContaining NRQL queries whose text contains one of these (case ignored) are
 * answered HTTP 200 with the error class {@code INVALID_INPUT}, which no client tries
 * again
 * @param series rules refusing REST metric data asked for as a series; the first that
 * applies answers
 */
public record Refusals(List<String> nrqlContaining, List<RefuseSeries> series) {

	/** Validates and freezes the refusals. */
	public Refusals {
		nrqlContaining = List.copyOf(nrqlContaining == null ? List.of() : nrqlContaining);
		series = List.copyOf(series == null ? List.of() : series);
		for (String text : nrqlContaining) {
			if (Objects.requireNonNull(text, "text").isBlank()) {
				throw new IllegalArgumentException("a refused NRQL text must not be blank");
			}
		}
	}

	/** Nothing refused. */
	public static Refusals none() {
		return new Refusals(List.of(), List.of());
	}

	/** A copy that also refuses NRQL containing {@code text}. */
	Refusals withNrqlContaining(String text) {
		List<String> texts = new ArrayList<>(nrqlContaining);
		texts.add(text);
		return new Refusals(texts, series);
	}

	/** A copy with one more series rule, after the existing ones. */
	Refusals withSeries(RefuseSeries rule) {
		List<RefuseSeries> rules = new ArrayList<>(series);
		rules.add(Objects.requireNonNull(rule, "rule"));
		return new Refusals(nrqlContaining, rules);
	}

	/** The refused text {@code nrql} contains, if any. */
	Optional<String> refusedNrql(String nrql) {
		String upper = nrql.toUpperCase(Locale.ROOT);
		return nrqlContaining.stream().filter(text -> upper.contains(text.toUpperCase(Locale.ROOT))).findFirst();
	}

	/** The status the series of {@code applicationId} is refused with, if it is. */
	OptionalInt refusedSeries(long applicationId) {
		return series.stream().filter(rule -> rule.refuses(applicationId)).mapToInt(RefuseSeries::status).findFirst();
	}

}
