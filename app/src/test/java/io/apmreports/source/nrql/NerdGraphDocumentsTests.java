package io.apmreports.source.nrql;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import io.apmreports.sandbox.VendorSchema;

/**
 * Every GraphQL document the client sends, held against the vendor's own NerdGraph
 * schema: the live service refuses a whole document for one field it lacks.
 */
class NerdGraphDocumentsTests {

	@Test
	void everyDocumentTheClientSendsIsValidAgainstTheVendorsSchema() {
		// given every document the client sends, when each is validated, then none is
		// refused
		assertThat(NerdGraphClient.DOCUMENTS).hasSize(6)
			.allSatisfy(document -> assertThat(VendorSchema.problems(document)).as(document).isEmpty());
	}

	@Test
	void theListHoldsEveryDocumentConstantOfTheClient() {
		// given the client's constants named as documents, then the list validated above
		// holds each of them, so a new document cannot escape the check
		String[] constants = Arrays.stream(NerdGraphClient.class.getDeclaredFields())
			.filter(field -> Modifier.isStatic(field.getModifiers()) && field.getName().endsWith("_DOCUMENT"))
			.map(NerdGraphDocumentsTests::value)
			.toArray(String[]::new);
		assertThat(constants).isNotEmpty();
		assertThat(NerdGraphClient.DOCUMENTS).containsExactlyInAnyOrder(constants);
	}

	@Test
	void aFieldTheSchemaLacksFailsTheCheck() {
		// given the entity search as it was once written, asking the outline of a key
		// transaction for fields only the whole entity has
		String document = NerdGraphClient.ENTITY_SEARCH_DOCUMENT.replace("permalink }",
				"permalink }\n    ... on KeyTransactionEntityOutline { apdexTarget metricName application { guid } }");

		// when it is validated, then each field is refused as the live service refuses it
		assertThat(VendorSchema.problems(document)).containsExactly(
				"Cannot query field \"apdexTarget\" on type \"KeyTransactionEntityOutline\".",
				"Cannot query field \"metricName\" on type \"KeyTransactionEntityOutline\".",
				"Cannot query field \"application\" on type \"KeyTransactionEntityOutline\".");
	}

	private static String value(Field field) {
		try {
			field.setAccessible(true);
			return (String) field.get(null);
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
