package io.apmreports.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class VendorSchemaTests {

	@Test
	void theVendorsOwnExampleOfAKeyTransactionIsTaken() {
		// given the vendor's example of reading a key transaction whole
		String document = """
				{ actor { entity(guid: "MXxBUE18S0VZX1RSQU5TQUNUSU9OfDE=") { ... on KeyTransactionEntity {
				  apdexTarget metricName application { guid entity { name } } } } } }""";

		// when it is checked, then the schema takes it
		assertThat(VendorSchema.problems(document)).isEmpty();
	}

	@Test
	void aFieldOnlyTheWholeEntityHasIsRefusedOnItsOutlineInTheServicesWords() {
		// given the outline of a key transaction asked for its target and its metric
		String document = """
				{ actor { entitySearch(query: "type = 'KEY_TRANSACTION'") { results { entities {
				  ... on KeyTransactionEntityOutline { apdexTarget metricName } } } } } }""";

		// when it is checked, then both fields are refused, as the live service words it
		assertThat(VendorSchema.problems(document)).containsExactly(
				"Cannot query field \"apdexTarget\" on type \"KeyTransactionEntityOutline\".",
				"Cannot query field \"metricName\" on type \"KeyTransactionEntityOutline\".");
	}

	@Test
	void aVariableOfTheWrongTypeAndABrokenDocumentAreRefused() {
		// a guid list given as one string, and a document that does not parse
		assertThat(VendorSchema.problems("query($g: String!) { actor { entities(guids: $g) { guid } } }"))
			.singleElement()
			.asString()
			.contains("Variable 'g' of type 'String!'");
		assertThat(VendorSchema.problems("{ actor { ")).hasSize(1);
	}

}
