package io.apmreports.source;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.stereotype.Component;

import io.apmreports.definition.SourceKind;
import io.apmreports.failure.UserFacingException;

/**
 * The figure sources by kind, and by account for a report over several. Each is made when
 * first asked for, so that a process that reads one source never needs the other's
 * settings; a further account's source is kept, as the configured one is, for every run
 * of the process.
 */
@Component
public class FigureSources {

	private final BeanFactory beans;

	private final SourceProperties properties;

	private final ConfiguredAccount configured;

	private final Map<String, FigureSource> otherAccounts = new ConcurrentHashMap<>();

	FigureSources(BeanFactory beans, SourceProperties properties, ConfiguredAccount configured) {
		this.beans = beans;
		this.properties = properties;
		this.configured = configured;
	}

	/** The source a report reads that does not pin its own ({@code apm.source}). */
	public SourceKind configured() {
		return properties.source();
	}

	/** The source of the first configured account. */
	public FigureSource of(SourceKind kind) {
		return beans.getBean(kind.beanName(), FigureSource.class);
	}

	/**
	 * The source of one account: the first configured account's is {@link #of} (as is any
	 * account's where none is configured: a run reads the one it recorded), another's is
	 * made from it once.
	 */
	public FigureSource of(SourceKind kind, long accountId) {
		if (configured.ids().isEmpty() || accountId == configured.ids().get(0)) {
			return of(kind);
		}
		return otherAccounts.computeIfAbsent(kind + "/" + accountId, key -> of(kind).forAccount(accountId));
	}

	/** The source a run reads, as it recorded it: a restart keeps it. */
	public FigureSource ofRun(String recordedSource) {
		return of(SourceKind.ofRecorded(recordedSource));
	}

	/**
	 * The source a run reads over its accounts: the one account's, or one that hands each
	 * application to its own account's.
	 */
	public FigureSource ofRun(String recordedSource, List<Long> accountIds) {
		SourceKind kind = SourceKind.ofRecorded(recordedSource);
		if (accountIds.size() == 1) {
			return of(kind);
		}
		if (configured.ids().isEmpty()) {
			// without the accounts named, the configured source would read every one of
			// them as the first
			throw new UserFacingException(
					"the run reads accounts " + String.join(",", accountIds.stream().map(String::valueOf).toList())
							+ ": give them with --apm.account-id");
		}
		Map<Long, FigureSource> byAccount = new LinkedHashMap<>();
		accountIds.forEach(id -> byAccount.put(id, of(kind, id)));
		return new AccountsSource(byAccount);
	}

}
