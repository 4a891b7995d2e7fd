package io.apmreports.source;

import java.util.LinkedHashSet;
import java.util.List;

import io.apmreports.failure.UserFacingException;

/**
 * The accounts this process reads: {@code apm.account-id}, one id or several separated by
 * commas for one report over them all; or, for the demo, its own production account when
 * none is named. The first is the one a source is made for; the others are read beside
 * it.
 *
 * @param ids the account ids, in the order given, each once; empty when none is set
 */
public record ConfiguredAccount(List<Long> ids) {

	public ConfiguredAccount {
		ids = ids == null ? List.of() : List.copyOf(new LinkedHashSet<>(ids));
	}

	/** One account, or none for {@code null}. */
	public static ConfiguredAccount of(Long id) {
		return new ConfiguredAccount(id == null ? List.of() : List.of(id));
	}

	/**
	 * The first id, which a source is made for, and which a run needs before anything is
	 * recorded.
	 * @throws UserFacingException naming the setting when it is missing
	 */
	public long required() {
		return all().get(0);
	}

	/**
	 * Every id, which a run needs before anything is recorded.
	 * @throws UserFacingException naming the setting when it is missing
	 */
	public List<Long> all() {
		if (ids.isEmpty()) {
			throw new UserFacingException("no account id: set APM_ACCOUNT_ID (apm.account-id) to the account the "
					+ "report reads; for REST, the account its key was made in");
		}
		return ids;
	}

}
