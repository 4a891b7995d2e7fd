package io.apmreports.sandbox;

import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;

import com.sun.net.httpserver.HttpExchange;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * The NerdGraph face, {@code POST /graphql}: refuses requests beyond the in-flight limit
 * with HTTP 429 before anything else, lets the {@link Faults} answer like every request,
 * checks the key and executes the document with graphql-java.
 */
final class NerdGraphFront {

	static final String PATH = "/graphql";

	/** The request kind in the {@link RequestLog}. */
	static final String KIND = "graphql";

	private static final JsonMapper JSON = Answer.JSON;

	private final String apiKey;

	private final RequestLog log;

	private final FaultResponder faults;

	private final Semaphore inFlight;

	private final AtomicLong requests = new AtomicLong();

	private final NerdGraphFetchers fetchers;

	NerdGraphFront(SandboxOptions options, RequestLog log, FaultResponder faults, Clock clock) {
		this.apiKey = options.apiKey();
		this.log = log;
		this.faults = faults;
		NerdGraphLimits limits = options.nerdGraphLimits();
		this.inFlight = new Semaphore(limits.maxInFlight());
		Map<Long, NerdGraphFetchers.AccountFace> readable = new LinkedHashMap<>();
		List<NerdGraphEntities.Listed> listed = new ArrayList<>();
		SandboxBilling billing = SandboxBilling.of(options);
		for (SandboxAccount account : options.accounts()) {
			if (!account.userKeyReads()) {
				continue;
			}
			// only the first account's applications vanish, as on the REST face
			Set<Long> vanished = account.id() == options.accountId() ? options.vanishedApplicationIds() : Set.of();
			NrqlUnits units = new NrqlUnits(account.data(), vanished);
			readable.put(account.id(),
					new NerdGraphFetchers.AccountFace(account.name(),
							new NrqlEvaluator(units, limits.facetLimit(), options.nrqlShapes(), log::cutAnswer),
							new EventEvaluator(new UsageEvents(billing, account.id()), limits.facetLimit(),
									options.nrqlShapes(), log::cutAnswer),
							new SliEvaluator(account.id(), limits.facetLimit(), log::cutAnswer),
							new SlidingWindow(limits.nrqlPerMinute(), clock)));
			listed.add(new NerdGraphEntities.Listed(account.id(), account.data(), vanished));
		}
		NerdGraphEntities entities = new NerdGraphEntities(listed,
				Math.min(options.pageSize(), NerdGraphEntities.SERVICE_PAGE_SIZE), clock);
		this.fetchers = new NerdGraphFetchers(readable, entities, clock);
	}

	void handle(HttpExchange exchange, long arrived) throws IOException {
		// taken before the request is counted, so a test that waits for the count knows
		// the request holds its place
		if (!inFlight.tryAcquire()) {
			log.request(KIND);
			faults.respond(exchange, tooManyInFlight());
			return;
		}
		try {
			log.request(KIND);
			long number = requests.incrementAndGet();
			faults.answer(exchange, arrived, () -> reply(exchange, number));
		}
		finally {
			inFlight.release();
		}
	}

	private static Reply tooManyInFlight() {
		Map<String, Object> body = Map.of("errors", List.of(Map.of("message", "Too many concurrent requests",
				"extensions", Map.of("errorClass", NerdGraphErrorAnswers.TOO_MANY_REQUESTS))));
		return Reply.json(JSON, 429, body, Map.of("Retry-After", "1"));
	}

	private Reply reply(HttpExchange exchange, long number) {
		if (!"POST".equals(exchange.getRequestMethod())) {
			return Reply.json(JSON, 405, NerdGraphErrorAnswers.badRequest("Use POST"), Map.of("Allow", "POST"));
		}
		if (!apiKey.equals(exchange.getRequestHeaders().getFirst("Api-Key"))) {
			return Reply.json(JSON, 200, NerdGraphErrorAnswers.badApiKey(), Map.of());
		}
		Map<String, Object> request;
		try {
			request = JSON.readValue(exchange.getRequestBody(), Map.class);
		}
		catch (JacksonException e) {
			return Reply.json(JSON, 400, NerdGraphErrorAnswers.badRequest("The body is not JSON"), Map.of());
		}
		if (request == null || !(request.get("query") instanceof String query)) {
			return Reply.json(JSON, 400, NerdGraphErrorAnswers.badRequest("The body has no query"), Map.of());
		}
		Map<Object, Object> context = new LinkedHashMap<>();
		context.put(NerdGraphFetchers.class, fetchers);
		faults.nerdGraphFault(number).ifPresent(errorClass -> context.put(NerdGraphFetchers.FAULT, errorClass));
		Map<String, Object> variables = request.get("variables") instanceof Map<?, ?> map ? cast(map) : Map.of();
		if (variables.get("nrql") instanceof String nrql) {
			if (nrql.toUpperCase(Locale.ROOT).contains("TIMESERIES")) {
				log.seriesRequest();
			}
			faults.refusedNrql(nrql).ifPresent(text -> {
				log.refusal();
				context.put(NerdGraphFetchers.REFUSED, text);
			});
		}
		ExecutionInput input = ExecutionInput.newExecutionInput()
			.query(query)
			.variables(variables)
			.operationName(request.get("operationName") instanceof String name ? name : null)
			.graphQLContext(context)
			.build();
		ExecutionResult result = NerdGraphSchema.graphQl().execute(input);
		return Reply.json(JSON, 200, NerdGraphErrorAnswers.inServiceWords(result.toSpecification(), result.getErrors()),
				Map.of());
	}

	@SuppressWarnings("unchecked")
	private static Map<String, Object> cast(Map<?, ?> map) {
		return (Map<String, Object>) map;
	}

}
