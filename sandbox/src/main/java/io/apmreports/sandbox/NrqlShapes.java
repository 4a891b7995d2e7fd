package io.apmreports.sandbox;

import java.util.Objects;

/**
 * How the NerdGraph face writes NRQL rows where the vendor documents no shape, so that a
 * client can be run against each shape the service might answer with.
 *
 * @param apdex how an {@code apdex()} column is written
 * @param facetValues how facet values are typed
 */
public record NrqlShapes(ApdexShape apdex, FacetValues facetValues) {

	/** Validates the shapes. */
	public NrqlShapes {
		Objects.requireNonNull(apdex, "apdex");
		Objects.requireNonNull(facetValues, "facetValues");
	}

	/**
	 * The shapes the sandbox answers with unless told otherwise: {@code apdex()} nested
	 * under its alias, as the live service nests the other function that answers several
	 * numbers, {@code percentile()} ({@code "lcp": {"75": 2.3}} in answers recorded from
	 * the service); facet values as text, as those recorded answers give every facet.
	 */
	public static NrqlShapes service() {
		return new NrqlShapes(ApdexShape.NESTED, FacetValues.TEXT);
	}

	/** A copy writing {@code apdex()} as {@code shape}. */
	public NrqlShapes withApdex(ApdexShape shape) {
		return new NrqlShapes(shape, facetValues);
	}

	/** A copy typing facet values as {@code values}. */
	public NrqlShapes withFacetValues(FacetValues values) {
		return new NrqlShapes(apdex, values);
	}

	/**
	 * Where {@code apdex(...) AS a} puts its {@code score}, {@code s}, {@code t},
	 * {@code f} and {@code count}. Nothing the vendor published shows the JSON of
	 * {@code apdex()}; these are the readings public clients make of it.
	 */
	public enum ApdexShape {

		/** An object under the alias: {@code "a": {"score": .., "s": .., ...}}. */
		NESTED,

		/**
		 * The members beside the row's others, without the alias: {@code "score": ..,
		 * "s": ..}, as one public client reads them.
		 */
		FLAT,

		/**
		 * The members beside the row's others, named {@code a.score}, {@code a.s}, ... as
		 * NRQL names the columns of a function without an alias
		 * ({@code average.duration}).
		 */
		PREFIXED

	}

	/** How a facet value of a numeric attribute ({@code appId}) is typed. */
	public enum FacetValues {

		/** Every facet value as a string, numbers included ({@code "1001"}). */
		TEXT,

		/**
		 * Each facet value as its attribute is typed ({@code 1001} for {@code appId}).
		 */
		TYPED

	}

}
