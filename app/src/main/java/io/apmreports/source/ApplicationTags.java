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

}
