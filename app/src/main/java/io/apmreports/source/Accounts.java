package io.apmreports.source;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The accounts a run reads: one, or several for one report over them all. Their ids, in
 * the order given, tell the runs, directories and files of two selections of accounts
 * apart.
 *
 * @param all the accounts, at least one, each once
 */
public record Accounts(List<Account> all) {

	public Accounts {
		all = List.copyOf(all);
		if (all.isEmpty() || all.stream().map(Account::id).distinct().count() != all.size()) {
			throw new IllegalArgumentException("accounts must be at least one, each once: " + all);
		}
	}

	/** One account. */
	public static Accounts of(Account account) {
		return new Accounts(List.of(account));
	}

	/** The first account, for which the run's source is made. */
	public Account first() {
		return all.get(0);
	}

	/** Whether the run reads more than one account. */
	public boolean several() {
		return all.size() > 1;
	}

	public List<Long> ids() {
		return all.stream().map(Account::id).toList();
	}

	/**
	 * The ids as a directory or a file name has them: {@code 1234567}, or
	 * {@code 1234567+7654321}.
	 */
	public String key() {
		return all.stream().map(account -> Long.toString(account.id())).collect(Collectors.joining("+"));
	}

	/** The ids as {@code apm.account-id} takes them: {@code 1234567,7654321}. */
	public String setting() {
		return all.stream().map(account -> Long.toString(account.id())).collect(Collectors.joining(","));
	}

	/**
	 * As a reader meets them: {@code Production (account 1234567)}, or several joined
	 * with "and".
	 */
	public String describe() {
		List<String> each = all.stream().map(Account::describe).toList();
		return each.size() == 1 ? each.get(0)
				: String.join(", ", each.subList(0, each.size() - 1)) + " and " + each.get(each.size() - 1);
	}

	/** The account of that id, as the run names it, or one without a name. */
	public Account byId(long id) {
		return all.stream().filter(account -> account.id() == id).findFirst().orElse(new Account(id, null));
	}

}
