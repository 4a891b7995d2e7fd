package io.apmreports.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import graphql.GraphQLError;
import graphql.introspection.IntrospectionResultToSchema;
import graphql.language.Document;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import graphql.schema.idl.SchemaParser;
import graphql.schema.idl.TypeDefinitionRegistry;
import graphql.validation.ValidationError;
import graphql.validation.ValidationErrorType;
import graphql.validation.Validator;

/**
 * The vendor's own NerdGraph schema (an introspection of the live service, see
 * {@code nerdgraph/PROVENANCE.md} beside this class), and what the service answers a
 * document it does not accept. The sandbox executes requests against it, and the tool's
 * tests validate every document its client sends against it, so that neither can ask a
 * field the real service lacks.
 */
public final class VendorSchema {

	private static final String RESOURCE = "nerdgraph/introspection.json.gz";

	/** graphql-java's words for an unknown field, which the service words otherwise. */
	private static final Pattern UNDEFINED_FIELD = Pattern.compile("Field '([^']+)' in type '([^']+)' is undefined");

	private VendorSchema() {
	}

	/**
	 * What the real service would refuse in {@code document}, each problem in its words
	 * ({@code Cannot query field "x" on type "Y".}); empty when the service takes it.
	 */
	public static List<String> problems(String document) {
		Document parsed;
		try {
			parsed = Parser.parse(document);
		}
		catch (InvalidSyntaxException ex) {
			return List.of(ex.getMessage());
		}
		return new Validator().validateDocument(NerdGraphSchema.schema(), parsed, Locale.ENGLISH)
			.stream()
			.map(VendorSchema::message)
			.toList();
	}

	/**
	 * An error's message as the service words it: a field the schema lacks is
	 * {@code Cannot query field "apdexTarget" on type "KeyTransactionEntityOutline".}
	 * (quoted from the live service's answers); other validation errors keep
	 * graphql-java's description, the service's own wording of them being unknown.
	 */
	static String message(GraphQLError error) {
		if (!(error instanceof ValidationError validation)) {
			return error.getMessage();
		}
		Matcher undefined = UNDEFINED_FIELD.matcher(validation.getDescription());
		if (validation.getValidationErrorType() == ValidationErrorType.FieldUndefined && undefined.find()) {
			return "Cannot query field \"" + undefined.group(1) + "\" on type \"" + undefined.group(2) + "\".";
		}
		return validation.getDescription();
	}

	/** The schema's type definitions, read from the introspection result. */
	static TypeDefinitionRegistry registry() {
		try (InputStream in = new GZIPInputStream(VendorSchema.class.getResourceAsStream(RESOURCE))) {
			Map<?, ?> introspection = Answer.JSON.readValue(in, Map.class);
			@SuppressWarnings("unchecked")
			Document document = new IntrospectionResultToSchema()
				.createSchemaDefinition((Map<String, Object>) introspection);
			return new SchemaParser().buildRegistry(document);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the vendor's NerdGraph schema cannot be read", ex);
		}
	}

}
