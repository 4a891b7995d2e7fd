package io.apmreports.sandbox;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An entity search query of the subset: {@code domain = 'APM' AND type = 'APPLICATION'}
 * or {@code type = 'KEY_TRANSACTION'}, optionally {@code AND accountId = <id>}; anything
 * else is refused.
 *
 * @param type {@code APPLICATION} or {@code KEY_TRANSACTION}
 * @param accountId the account asked for, or null for every account of the key
 */
record NerdGraphEntityQuery(String type, Long accountId) {

	static final String APPLICATION = "APPLICATION";

	static final String KEY_TRANSACTION = "KEY_TRANSACTION";

	private static final Set<String> ATTRIBUTES = Set.of("domain", "type", "accountId");

	static NerdGraphEntityQuery parse(String query) {
		if (query == null || query.isBlank()) {
			throw new NrqlException(
					"an entity search query is required, such as domain = 'APM' AND type = '" + APPLICATION + "'");
		}
		NrqlTokens tokens = new NrqlTokens(NrqlLexer.tokens(query));
		Map<String, NrqlToken> given = new HashMap<>();
		do {
			NrqlToken attribute = tokens.next();
			if (attribute.type() != NrqlToken.Type.WORD || !ATTRIBUTES.contains(attribute.text())) {
				throw new NrqlException("the entity attribute " + attribute.describe()
						+ " is not understood; known: accountId, domain, type");
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
		return of(given);
	}

	private static NerdGraphEntityQuery of(Map<String, NrqlToken> given) {
		NrqlToken domain = given.get("domain");
		if (domain == null || !domain.text().equalsIgnoreCase("APM")) {
			throw new NrqlException("only domain = 'APM' is understood"
					+ (domain == null ? "; the query names no domain" : ", not " + domain.describe()));
		}
		NrqlToken type = given.get("type");
		String typeName = type == null ? "" : type.text().toUpperCase(Locale.ROOT);
		if (!typeName.equals(APPLICATION) && !typeName.equals(KEY_TRANSACTION)) {
			throw new NrqlException("only type = '" + APPLICATION + "' or '" + KEY_TRANSACTION + "' is understood"
					+ (type == null ? "; the query names no type" : ", not " + type.describe()));
		}
		NrqlToken account = given.get("accountId");
		if (account == null) {
			return new NerdGraphEntityQuery(typeName, null);
		}
		try {
			return new NerdGraphEntityQuery(typeName, Long.parseLong(account.text()));
		}
		catch (NumberFormatException e) {
			throw new NrqlException("accountId must be a whole number, not " + account.describe());
		}
	}

}
