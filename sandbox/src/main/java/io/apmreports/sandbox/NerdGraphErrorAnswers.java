package io.apmreports.sandbox;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import graphql.execution.DataFetcherResult;
import graphql.schema.DataFetchingEnvironment;
import graphql.validation.ValidationError;

/**
 * The errors of the NerdGraph face, in the service's shape: HTTP 200 and
 * {@code errors[].extensions.errorClass}; the field that failed answers null.
 */
final class NerdGraphErrorAnswers {

	static final String TIMEOUT = "TIMEOUT";

	static final String INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR";

	static final String SERVER_ERROR = "SERVER_ERROR";

	static final String TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS";

	static final String INVALID_INPUT = "INVALID_INPUT";

	static final String FORBIDDEN = "FORBIDDEN";

	/** The classes a fault may answer with. */
	static final List<String> FAULT_CLASSES = List.of(TIMEOUT, INTERNAL_SERVER_ERROR, SERVER_ERROR, TOO_MANY_REQUESTS);

	private NerdGraphErrorAnswers() {
	}

	/** The field fails with this class and message. */
	static DataFetcherResult<Object> fail(DataFetchingEnvironment env, String errorClass, String message) {
		return DataFetcherResult.newResult()
			.error(GraphqlErrorBuilder.newError(env)
				.message(message)
				.extensions(Map.of("errorClass", errorClass))
				.build())
			.build();
	}

	/** What a fault of this class answers. */
	static DataFetcherResult<Object> fault(DataFetchingEnvironment env, String errorClass) {
		String message = switch (errorClass) {
			case TIMEOUT -> "NRDB query duration exceeded the timeout";
			case INTERNAL_SERVER_ERROR -> "Internal server error";
			case SERVER_ERROR -> "Server error, please retry";
			case TOO_MANY_REQUESTS -> "Too many requests, please back off";
			default -> throw new IllegalArgumentException("no fault " + errorClass);
		};
		return fail(env, errorClass, message);
	}

	/** The whole answer to a missing or wrong key: no data at all. */
	static Map<String, Object> badApiKey() {
		Map<String, Object> extensions = new LinkedHashMap<>();
		extensions.put("errorClass", "UNAUTHORIZED");
		extensions.put("error_code", "BAD_API_KEY");
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("errors", List.of(Map.of("message", "Invalid API key", "extensions", extensions)));
		body.put("data", null);
		return body;
	}

	/** An answer without data for a request that is not a GraphQL request at all. */
	static Map<String, Object> badRequest(String message) {
		return Map.of("errors",
				List.of(Map.of("message", message, "extensions", Map.of("classification", "InvalidSyntax"))));
	}

	/**
	 * An executed request's answer, with the validation errors worded as the service
	 * words them ({@link VendorSchema#message}); a refused document has no data at all.
	 */
	static Map<String, Object> inServiceWords(Map<String, Object> answer, List<GraphQLError> errors) {
		if (errors.isEmpty()) {
			return answer;
		}
		Map<String, Object> worded = new LinkedHashMap<>(answer);
		worded.put("errors", errors.stream().map(NerdGraphErrorAnswers::worded).toList());
		return worded;
	}

	private static Map<String, Object> worded(GraphQLError error) {
		Map<String, Object> specification = new LinkedHashMap<>(error.toSpecification());
		if (error instanceof ValidationError) {
			specification.put("message", VendorSchema.message(error));
			specification.remove("extensions");
		}
		return specification;
	}

}
