package io.apmreports.source.nrql;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.apmreports.formula.MetricNames;
import io.apmreports.formula.MetricSnapshot;
import io.apmreports.formula.MetricValues;
import io.apmreports.range.TimeRange;
import io.apmreports.source.ApplicationFigures;
import io.apmreports.source.FigureSource.Progress;
import io.apmreports.source.Figuring;
import io.apmreports.source.SlaFigures;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.nrql.FacetQueries.Answer;
import io.apmreports.source.nrql.FacetQueries.Part;

/**
 * The figures of a part of a chunk in at most three queries: the timing family with the
 * configured database types (and {@code Errors/all}) faceted by application and metric
 * name; the datastore types by {@code LIKE}, only for the applications whose
 * {@code Datastore/allWeb} time those types do not account for (or for all, when no type
 * is configured); and {@code Apdex}.
 */
final class ChunkFigures {

	static final String APDEX = "Apdex";

	static final String ERRORS = "Errors/all";

	/**
	 * The rows an application is guessed to answer to the datastore query: a few types.
	 */
	private static final int TYPES_GUESS = 8;

	private static final List<String> BY_NAME = List.of(Nrql.APP_ID, Nrql.NAME);

	private final FacetQueries queries;

	private final Figuring figuring;

	private final MetricNames names;

	private final List<String> datastoreTypes;

	ChunkFigures(FacetQueries queries, Figuring figuring, MetricNames names, List<String> datastoreTypes) {
		this.queries = queries;
		this.figuring = figuring;
		this.names = names;
		this.datastoreTypes = List.copyOf(datastoreTypes);
	}

	/** The names of the timing query. */
	List<String> timingNames(boolean apdexAndErrors) {
		List<String> timing = new ArrayList<>(names.timingFamily(datastoreTypes));
		if (apdexAndErrors) {
			timing.add(ERRORS);
		}
		return timing;
	}

	/** The figures of one part's applications, in its order, each told done. */
	List<ApplicationFigures> figures(List<StagedApplication> applications, TimeRange range, boolean apdexAndErrors,
			Progress progress) {
		List<Long> ids = applications.stream().map(StagedApplication::id).toList();
		String window = Nrql.window(range);
		Answer timing = queries.askByName(Nrql.TIMING, new Part(ids, timingNames(apdexAndErrors)), BY_NAME, window);
		Map<Long, String> failures = new HashMap<>(timing.failures());
		Map<Long, Map<String, FacetRow>> found = rowsByName(timing, failures);
		Map<Long, MetricSnapshot> snapshots = new LinkedHashMap<>();
		found.forEach((id, rows) -> snapshots.put(id, snapshot(rows)));
		addMissingTypes(ids, window, failures, snapshots);
		Map<Long, MetricValues> apdex = apdexAndErrors ? apdex(ids, window, failures) : Map.of();
		List<ApplicationFigures> figures = new ArrayList<>(applications.size());
		for (StagedApplication application : applications) {
			long id = application.id();
			String failure = failures.get(id);
			if (failure != null) {
				figures.add(ApplicationFigures.failed(id, failure));
			}
			else {
				FacetRow errors = found.getOrDefault(id, Map.of()).get(ERRORS);
				figures.add(figuring.application(id, application.language(),
						snapshots.getOrDefault(id, MetricSnapshot.empty()), apdexAndErrors, apdex.get(id),
						errors == null ? null : Snapshots.errors(errors)));
			}
			progress.done(application);
		}
		return figures;
	}

	/**
	 * The SLA figures of one part's applications, in its order, in two queries: the web
	 * and non-web calls with {@code Errors/all}, and {@code Apdex}; none for an
	 * application whose answer could not be read.
	 */
	List<SlaFigures> sla(List<StagedApplication> applications, TimeRange range) {
		List<Long> ids = applications.stream().map(StagedApplication::id).toList();
		String window = Nrql.window(range);
		List<String> slaNames = new ArrayList<>(figuring.slaNames());
		slaNames.add(ERRORS);
		Answer timing = queries.askByName(Nrql.TIMING, new Part(ids, slaNames), BY_NAME, window);
		Map<Long, String> failures = new HashMap<>(timing.failures());
		Map<Long, Map<String, FacetRow>> found = rowsByName(timing, failures);
		Map<Long, MetricValues> apdex = apdex(ids, window, failures);
		List<SlaFigures> figures = new ArrayList<>(applications.size());
		for (long id : ids) {
			Map<String, FacetRow> rows = found.getOrDefault(id, Map.of());
			FacetRow errors = rows.get(ERRORS);
			figures.add(failures.containsKey(id) ? Figuring.noSla(id) : figuring.sla(id, snapshot(rows), apdex.get(id),
					errors == null ? null : Snapshots.errors(errors)));
		}
		return figures;
	}

	/** Each answered application's rows by metric name; an unreadable one fails. */
	private static Map<Long, Map<String, FacetRow>> rowsByName(Answer answer, Map<Long, String> failures) {
		Map<Long, Map<String, FacetRow>> byName = new HashMap<>();
		answer.byApplication().forEach((id, rows) -> {
			try {
				byName.put(id, Snapshots.by(rows, 1));
			}
			catch (IllegalArgumentException ex) {
				failures.putIfAbsent(id, unreadable(ex));
			}
		});
		return byName;
	}

	/** The timing family's metrics found; {@code Errors/all} is not of it. */
	private MetricSnapshot snapshot(Map<String, FacetRow> rows) {
		Map<String, MetricValues> metrics = new HashMap<>();
		rows.forEach((name, row) -> {
			if (!name.equals(ERRORS)) {
				metrics.put(name, Snapshots.timing(row));
			}
		});
		return new MetricSnapshot(metrics);
	}

	private void addMissingTypes(List<Long> ids, String window, Map<Long, String> failures,
			Map<Long, MetricSnapshot> snapshots) {
		List<Long> missing = new ArrayList<>();
		for (Long id : ids) {
			if (!failures.containsKey(id) && (datastoreTypes.isEmpty()
					|| figuring.missesDatastoreTime(snapshots.getOrDefault(id, MetricSnapshot.empty())))) {
				missing.add(id);
			}
		}
		List<FacetRow> rows = new ArrayList<>();
		for (List<Long> part : FacetQueries.parts(missing, id -> TYPES_GUESS, queries.maxFacets())) {
			Answer types = queries.ask(new Part(part, List.of()),
					asked -> Nrql.query(Nrql.TIMING,
							List.of(Nrql.applications(asked.applicationIds()),
									Nrql.nameLike(names.datastorePrefix() + "%" + names.datastoreSuffix())),
							BY_NAME, window, queries.maxFacets()),
					BY_NAME);
			failures.putAll(types.failures());
			rows.addAll(types.rows());
		}
		new Answer(rows, Map.of()).byApplication().forEach((id, found) -> {
			try {
				Map<String, MetricValues> metrics = new HashMap<>(
						snapshots.getOrDefault(id, MetricSnapshot.empty()).metrics());
				Snapshots.by(found, 1).forEach((name, row) -> {
					// only per-type web metrics: the pattern may match deeper names
					if (names.datastoreType(name).isPresent()) {
						metrics.putIfAbsent(name, Snapshots.timing(row));
					}
				});
				snapshots.put(id, new MetricSnapshot(metrics));
			}
			catch (IllegalArgumentException ex) {
				failures.putIfAbsent(id, unreadable(ex));
			}
		});
	}

	private Map<Long, MetricValues> apdex(List<Long> ids, String window, Map<Long, String> failures) {
		Answer answer = queries.askByName(Nrql.APDEX, new Part(ids, List.of(APDEX)), List.of(Nrql.APP_ID), window);
		answer.failures().forEach(failures::putIfAbsent);
		Map<Long, MetricValues> apdex = new HashMap<>();
		answer.byApplication().forEach((id, rows) -> {
			try {
				if (rows.size() != 1) {
					throw new IllegalArgumentException("the answer held " + rows.size() + " Apdex rows");
				}
				MetricValues values = Snapshots.apdex(rows.get(0));
				if (values != null) {
					apdex.put(id, values);
				}
			}
			catch (IllegalArgumentException ex) {
				failures.putIfAbsent(id, unreadable(ex));
			}
		});
		return apdex;
	}

	static String unreadable(IllegalArgumentException ex) {
		return "NRQL query: unreadable answer, " + ex.getMessage();
	}

}
