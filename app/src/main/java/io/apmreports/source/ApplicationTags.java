package io.apmreports.source;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which applications carry which tags. Tags live in the vendor's entity search, which
 * both sources reach with the same user key; REST v2 itself has none.
 */
public interface ApplicationTags {

	/**
	 * The ids of the account's applications that carry, for every key, one of its values
	 * (tag matching ignores case, as the service's does).
	 */
	Set<Long> tagged(long accountId, Map<String, List<String>> tags);

	/**
	 * The value of the tag {@code key} of every application of the account that has it,
	 * by application id; several values are given in one text, in the service's order.
	 */
	Map<Long, String> values(long accountId, String key);

}
