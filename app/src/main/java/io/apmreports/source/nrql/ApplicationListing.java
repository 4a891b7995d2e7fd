package io.apmreports.source.nrql;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;

import io.apmreports.definition.ApplicationFilter;
import io.apmreports.source.RangeHosts;
import io.apmreports.source.StagedApplication;
import io.apmreports.source.access.NextPage;

/**
 * The account's applications, page by page as the iteration goes: an entity search page
 * (200 entities), filtered here as REST's {@code filter[name]} (a case-insensitive
 * substring) and {@code filter[ids]} filter, then one query for the page's host and
 * instance counts over the last hour.
 */
final class ApplicationListing implements Iterator<StagedApplication> {

	/** The window REST's host and instance lists cover. */
	static final Duration COUNTED = Duration.ofMinutes(60);

	private final NerdGraphClient client;

	private final ApplicationFilter filter;

	private final Clock clock;

	private final String query;

	private final Deque<StagedApplication> page = new ArrayDeque<>();

	private CompletableFuture<EntityPage> nextPage;

	private boolean last;

	private boolean anyEntity;

	ApplicationListing(NerdGraphClient client, ApplicationFilter filter, Clock clock) {
		this.client = client;
		this.filter = filter;
		this.clock = clock;
		this.query = "domain = 'APM' AND type = 'APPLICATION' AND accountId = " + client.endpoint().accountId();
	}

	@Override
	public boolean hasNext() {
		while (page.isEmpty() && !last) {
			EntityPage entities = nextPage == null ? client.entities(query, null) : NextPage.await(nextPage);
			String cursor = entities.nextCursor();
			last = cursor == null;
			// the pages follow one another by cursor, but a page's host counts need not
			// wait for the next page, nor it for them
			nextPage = last ? null : NextPage.ask(() -> client.entities(query, cursor));
			anyEntity |= !entities.entities().isEmpty();
			if (last && !anyEntity) {
				checkAccount();
			}
			List<Entity> selected = entities.entities()
				.stream()
				.filter(entity -> entity.applicationId() != null
						&& filter.selects(entity.applicationId(), entity.name()))
				.toList();
			if (!selected.isEmpty()) {
				Map<Long, RangeHosts> counts = counts(selected);
				selected.forEach(entity -> page.add(staged(entity, counts.get(entity.applicationId()))));
			}
		}
		return !page.isEmpty();
	}

	@Override
	public StagedApplication next() {
		if (!hasNext()) {
			throw new NoSuchElementException();
		}
		return page.removeFirst();
	}

	/**
	 * Asks the account's name when the search found nothing: the search answers an
	 * account the key may not read with no entities, the account itself with
	 * {@code FORBIDDEN}, which stops the run with one line instead of an empty report.
	 * (An NRQL query would do too, but one of timeslice metrics must name its
	 * applications, and an empty account has none.)
	 */
	private void checkAccount() {
		client.accountName(client.endpoint().accountId());
	}

	/** Hosts and instances of each application that reported in the last hour. */
	private Map<Long, RangeHosts> counts(List<Entity> entities) {
		Instant now = clock.instant();
		return HostCounts.of(client, entities.stream().map(Entity::applicationId).toList(),
				Nrql.window(now.minus(COUNTED), now));
	}

	/**
	 * An application without counts reported nothing in the hour: no hosts, as REST lists
	 * none.
	 */
	private static StagedApplication staged(Entity entity, RangeHosts counts) {
		return new StagedApplication(entity.applicationId(), entity.name(), entity.language(), entity.healthStatus(),
				entity.reporting(), counts == null ? 0 : counts.hosts(), counts == null ? 0 : counts.instances(),
				entity.permalink());
	}

}
