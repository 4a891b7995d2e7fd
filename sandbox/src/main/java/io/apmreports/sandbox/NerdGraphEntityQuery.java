package io.apmreports.sandbox;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An entity search query of the subset: {@code type = 'APPLICATION'} or
 * {@code type = 'KEY_TRANSACTION'}, optionally {@code AND domain = 'APM'}, or
 * {@code type = 'SERVICE_LEVEL'}, optionally {@code AND domain = 'EXT'}; optionally
 * {@code AND accountId = <id>} and {@code AND tags.<key> = '<value>'} (the key in
 * backticks when it holds a dash); anything else is refused. Tags match without regard to
 * case, as the service's do.
 *
 * @param type {@code APPLICATION}, {@code KEY_TRANSACTION} or {@code SERVICE_LEVEL}
 * @param accountId the account asked for, or null for every account of the key
 * @param tags each tag key asked for with the value it must carry
 */
record NerdGraphEntityQuery(String type, Long accountId, Map<String, String> tags) {

	/** Whether an entity of the search's list answers this query. */
	boolean matches(Map<String, Object> entity) {
		if (accountId != null && accountId.longValue() != (Long) entity.get("accountId")) {
			return false;
		}
		if (tags.isEmpty()) {
			return true;
		}
		if (!(entity.get(NerdGraphEntities.APPLICATION_KEY) instanceof SyntheticApplication app)) {
			return false;
		}
		return tags.entrySet().stream().allMatch(tag -> app.hasTag(tag.getKey(), tag.getValue()));
	}

	static final String APPLICATION = "APPLICATION";

	static final String KEY_TRANSACTION = "KEY_TRANSACTION";

	static final String SERVICE_LEVEL = NerdGraphServiceLevels.TYPE;

	private static final String TAGS = "tags.";

	private static final Set<String> ATTRIBUTES = Set.of("domain", "type", "accountId");

	static NerdGraphEntityQuery parse(String query) {
		if (query == null || query.isBlank()) {
			throw new NrqlException(
					"an entity search query is required, such as domain = 'APM' AND type = '" + APPLICATION + "'");
		}
		NrqlTokens tokens = new NrqlTokens(NrqlLexer.tokens(query));
		Map<String, NrqlToken> given = new HashMap<>();
		Map<String, String> tags = new LinkedHashMap<>();
		do {
			NrqlToken attribute = tokens.next();
			if (attribute.type() == NrqlToken.Type.WORD && attribute.text().startsWith(TAGS)) {
				String key = attribute.text().equals(TAGS) ? tokens.next().text()
						: attribute.text().substring(TAGS.length());
				tokens.expectSymbol("=");
				NrqlToken value = tokens.next();
				if (value.type() != NrqlToken.Type.STRING) {
					throw new NrqlException("a quoted tag value was expected, not " + value.describe());
				}
				tags.put(key, value.text());
				continue;
			}
			if (attribute.type() != NrqlToken.Type.WORD || !ATTRIBUTES.contains(attribute.text())) {
				throw new NrqlException("the entity attribute " + attribute.describe()
						+ " is not understood; known: accountId, domain, type, tags.<key>");
			}
			tokens.expectSymbol("=");
			NrqlToken value = tokens.next();
			if (value.type() != NrqlToken.Type.STRING && value.type() != NrqlToken.Type.NUMBER) {
				throw new NrqlException("a quoted value or a number was expected, not " + value.describe());
			}
			if (given.put(attribute.text(), value) != null) {
				throw new NrqlException("the entity attribute " + attribute.text() + " is given twice");
			}
		}
		while (tokens.acceptWord("AND"));
		if (!tokens.atEnd()) {
			throw new NrqlException("only conditions joined by AND are understood, not " + tokens.peek().describe());
		}
		return of(given, tags);
	}

	private static NerdGraphEntityQuery of(Map<String, NrqlToken> given, Map<String, String> tags) {
		NrqlToken type = given.get("type");
		String typeName = type == null ? "" : type.text().toUpperCase(Locale.ROOT);
		if (!typeName.equals(APPLICATION) && !typeName.equals(KEY_TRANSACTION) && !typeName.equals(SERVICE_LEVEL)) {
			throw new NrqlException("only type = '" + APPLICATION + "', '" + KEY_TRANSACTION + "' or '" + SERVICE_LEVEL
					+ "' is understood" + (type == null ? "; the query names no type" : ", not " + type.describe()));
		}
		// the domain may go unnamed: the type alone says which entities
		String domainName = typeName.equals(SERVICE_LEVEL) ? NerdGraphServiceLevels.DOMAIN : "APM";
		NrqlToken domain = given.get("domain");
		if (domain != null && !domain.text().equalsIgnoreCase(domainName)) {
			throw new NrqlException("only domain = '" + domainName + "' is understood with type '" + typeName
					+ "', not " + domain.describe());
		}
		NrqlToken account = given.get("accountId");
		if (account == null) {
			return new NerdGraphEntityQuery(typeName, null, tags);
		}
		try {
			return new NerdGraphEntityQuery(typeName, Long.parseLong(account.text()), tags);
		}
		catch (NumberFormatException e) {
			throw new NrqlException("accountId must be a whole number, not " + account.describe());
		}
	}

}
