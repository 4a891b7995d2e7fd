package io.apmreports.sandbox;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The entity search of the NerdGraph face: the account's applications (those not
 * vanished), key transactions or service levels ({@link NerdGraphServiceLevels}), in name
 * order (ties by id), a page at a time behind an opaque cursor.
 */
final class NerdGraphEntities {

	/** The real service's page. */
	static final int SERVICE_PAGE_SIZE = 200;

	private static final String CURSOR_PREFIX = "sandbox-entities:";

	/** Where the UI of the real service's US region shows an entity. */
	static final String PERMALINK = "https://one.newrelic.com/redirect/entity/";

	/**
	 * The application behind an entity, for matching tags; no field of the schema, so
	 * never part of an answer.
	 */
	static final String APPLICATION_KEY = "sandbox.application";

	/** The service's Apdex target of an application that sets none, in seconds. */
	private static final double DEFAULT_APDEX_TARGET = 0.5;

	/** One account as entity search lists it. */
	record Listed(long accountId, SyntheticAccount data, Set<Long> vanishedApplicationIds) {
	}

	private final int pageSize;

	private final Clock clock;

	private final List<Long> accountIds = new ArrayList<>();

	private final List<Map<String, Object>> applications = new ArrayList<>();

	private final List<Map<String, Object>> keyTransactions = new ArrayList<>();

	/** Every entity as {@code actor.entities(guids:)} reads it whole, by guid. */
	private final Map<String, Map<String, Object>> byGuid = new HashMap<>();

	NerdGraphEntities(List<Listed> accounts, int pageSize, Clock clock) {
		this.pageSize = pageSize;
		this.clock = clock;
		for (Listed account : accounts) {
			accountIds.add(account.accountId());
			account.data()
				.applications()
				.stream()
				.filter(app -> !account.vanishedApplicationIds().contains(app.id()))
				.map(app -> application(account.accountId(), app))
				.forEach(this::addApplication);
			account.data()
				.keyTransactions()
				.stream()
				.forEach(kt -> keyTransactions.add(keyTransaction(account.accountId(), kt, account.data())));
		}
		Comparator<Map<String, Object>> order = Comparator
			.comparing((Map<String, Object> entity) -> ((String) entity.get("name")).toLowerCase(Locale.ROOT))
			.thenComparingLong(entity -> (Long) entity.get("accountId"))
			.thenComparing(entity -> (String) entity.get("guid"));
		applications.sort(order);
		keyTransactions.sort(order);
	}

	/** One page: {@code entities} and {@code nextCursor}, null on the last page. */
	Map<String, Object> page(NerdGraphEntityQuery query, String cursor) {
		List<Map<String, Object>> all = listed(query.type()).stream().filter(query::matches).toList();
		int from = offset(cursor);
		int to = Math.min(all.size(), from + pageSize);
		Map<String, Object> page = new LinkedHashMap<>();
		page.put("entities", from >= all.size() ? List.of() : all.subList(from, to));
		page.put("nextCursor", to < all.size() ? encode(to) : null);
		return page;
	}

	private List<Map<String, Object>> listed(String type) {
		return switch (type) {
			case NerdGraphEntityQuery.APPLICATION -> applications;
			case NerdGraphEntityQuery.KEY_TRANSACTION -> keyTransactions;
			default -> NerdGraphServiceLevels.outlines(accountIds, clock.instant())
				.stream()
				.sorted(Comparator
					.comparing((Map<String, Object> e) -> ((String) e.get("name")).toLowerCase(Locale.ROOT))
					.thenComparing(e -> (String) e.get("guid")))
				.toList();
		};
	}

	private void addApplication(Map<String, Object> outline) {
		applications.add(outline);
		Map<String, Object> entity = new LinkedHashMap<>(outline);
		entity.put(NerdGraphSchema.TYPE, "ApmApplicationEntity");
		byGuid.put((String) entity.get("guid"), entity);
	}

	/**
	 * The entities of these guids, whole, in the order asked; a guid the sandbox does not
	 * know has none.
	 */
	List<Map<String, Object>> entities(List<String> guids) {
		return guids.stream().map(this::entity).filter(Objects::nonNull).toList();
	}

	/** An entity whole; an application with the service levels about it. */
	private Map<String, Object> entity(String guid) {
		Map<String, Object> known = byGuid.get(guid);
		if (known == null) {
			return NerdGraphServiceLevels.entity(guid, accountIds, clock.instant()).orElse(null);
		}
		if (!"ApmApplicationEntity".equals(known.get(NerdGraphSchema.TYPE))) {
			return known;
		}
		Map<String, Object> application = new LinkedHashMap<>(known);
		application.put("serviceLevel",
				NerdGraphServiceLevels.ofApplication((Long) known.get("accountId"), guid, clock.instant()));
		return application;
	}

	static String guid(long accountId, String type, long id) {
		return Base64.getEncoder()
			.encodeToString((accountId + "|APM|" + type + "|" + id).getBytes(StandardCharsets.UTF_8));
	}

	/** REST's health colour as NerdGraph's alert severity; null for unknown. */
	static String alertSeverity(String health) {
		return switch (health) {
			case "green" -> "NOT_ALERTING";
			case "orange" -> "WARNING";
			case "red" -> "CRITICAL";
			case "gray" -> "NOT_CONFIGURED";
			default -> null;
		};
	}

	private static Map<String, Object> application(long accountId, SyntheticApplication app) {
		Map<String, Object> entity = common(accountId, NerdGraphEntityQuery.APPLICATION, app.id(), app.name(),
				app.reporting(), app.healthStatus());
		entity.put("applicationId", app.id());
		entity.put("language", app.language());
		entity.put("permalink", PERMALINK + entity.get("guid"));
		entity.put("tags",
				app.tags()
					.entrySet()
					.stream()
					.sorted(Map.Entry.comparingByKey())
					.map(tag -> Map.of("key", tag.getKey(), "values", tag.getValue()))
					.toList());
		entity.put(APPLICATION_KEY, app);
		entity.put(NerdGraphSchema.TYPE, "ApmApplicationEntityOutline");
		return entity;
	}

	/**
	 * A key transaction as the search outlines it, which has no Apdex target, metric or
	 * application (only {@code KeyTransactionEntity} has them, read by guid); the whole
	 * entity is kept by its guid.
	 */
	private Map<String, Object> keyTransaction(long accountId, SyntheticKeyTransaction kt, SyntheticAccount account) {
		Map<String, Object> outline = common(accountId, NerdGraphEntityQuery.KEY_TRANSACTION, kt.id(), kt.name(),
				kt.reporting(), kt.healthStatus());
		outline.put(NerdGraphSchema.TYPE, "KeyTransactionEntityOutline");
		Map<String, Object> entity = new LinkedHashMap<>(outline);
		entity.put(NerdGraphSchema.TYPE, "KeyTransactionEntity");
		entity.put("metricName", kt.transactionName());
		SyntheticApplication app = account.application(kt.applicationId()).orElse(null);
		// the schema's apdexTarget is never null: an application's default target
		entity.put("apdexTarget", app == null ? DEFAULT_APDEX_TARGET : app.apdexThreshold());
		Map<String, Object> application = new LinkedHashMap<>();
		application.put("guid", guid(accountId, NerdGraphEntityQuery.APPLICATION, kt.applicationId()));
		application.put("entity", app == null ? null : application(accountId, app));
		entity.put("application", application);
		byGuid.put((String) entity.get("guid"), entity);
		return outline;
	}

	private static Map<String, Object> common(long accountId, String type, long id, String name, boolean reporting,
			String health) {
		Map<String, Object> entity = new LinkedHashMap<>();
		entity.put("guid", guid(accountId, type, id));
		entity.put("name", name);
		entity.put("reporting", reporting);
		entity.put("alertSeverity", alertSeverity(health));
		entity.put("accountId", accountId);
		entity.put("domain", "APM");
		entity.put("type", type);
		return entity;
	}

	private static String encode(int offset) {
		return Base64.getEncoder().encodeToString((CURSOR_PREFIX + offset).getBytes(StandardCharsets.UTF_8));
	}

	private static int offset(String cursor) {
		if (cursor == null) {
			return 0;
		}
		try {
			String text = new String(Base64.getDecoder().decode(cursor), StandardCharsets.UTF_8);
			if (text.startsWith(CURSOR_PREFIX)) {
				int offset = Integer.parseInt(text.substring(CURSOR_PREFIX.length()));
				if (offset >= 0) {
					return offset;
				}
			}
		}
		catch (IllegalArgumentException e) {
			// not base64 or not a number: refused below
		}
		throw new NrqlException("the cursor '" + cursor + "' is not understood");
	}

}
