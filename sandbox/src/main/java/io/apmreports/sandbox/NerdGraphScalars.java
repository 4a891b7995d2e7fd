package io.apmreports.sandbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import graphql.GraphQLContext;
import graphql.execution.CoercedVariables;
import graphql.language.ArrayValue;
import graphql.language.BooleanValue;
import graphql.language.FloatValue;
import graphql.language.IntValue;
import graphql.language.ObjectField;
import graphql.language.ObjectValue;
import graphql.language.StringValue;
import graphql.language.Value;
import graphql.schema.Coercing;
import graphql.schema.CoercingParseLiteralException;
import graphql.schema.CoercingParseValueException;
import graphql.schema.GraphQLScalarType;

/**
 * The custom scalars of the vendor's schema: {@code Nrql} and {@code EntityGuid} (text),
 * {@code Seconds} (a whole number) and the JSON ones (maps and lists passed through).
 */
final class NerdGraphScalars {

	private NerdGraphScalars() {
	}

	static GraphQLScalarType text(String name) {
		return GraphQLScalarType.newScalar().name(name).coercing(new Coercing<String, String>() {

			@Override
			public String serialize(Object value, GraphQLContext context, Locale locale) {
				return value.toString();
			}

			@Override
			public String parseValue(Object input, GraphQLContext context, Locale locale) {
				if (input instanceof String text) {
					return text;
				}
				throw new CoercingParseValueException(name + " must be a string");
			}

			@Override
			public String parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context,
					Locale locale) {
				if (input instanceof StringValue text) {
					return text.getValue();
				}
				throw new CoercingParseLiteralException(name + " must be a string");
			}
		}).build();
	}

	static GraphQLScalarType seconds() {
		return GraphQLScalarType.newScalar().name("Seconds").coercing(new Coercing<Integer, Integer>() {

			@Override
			public Integer serialize(Object value, GraphQLContext context, Locale locale) {
				return ((Number) value).intValue();
			}

			@Override
			public Integer parseValue(Object input, GraphQLContext context, Locale locale) {
				if (input instanceof Integer || input instanceof Long) {
					return ((Number) input).intValue();
				}
				throw new CoercingParseValueException("Seconds must be a whole number");
			}

			@Override
			public Integer parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context,
					Locale locale) {
				if (input instanceof IntValue number) {
					return number.getValue().intValueExact();
				}
				throw new CoercingParseLiteralException("Seconds must be a whole number");
			}
		}).build();
	}

	static GraphQLScalarType json(String name) {
		return GraphQLScalarType.newScalar().name(name).coercing(new Coercing<Object, Object>() {

			@Override
			public Object serialize(Object value, GraphQLContext context, Locale locale) {
				return value;
			}

			@Override
			public Object parseValue(Object input, GraphQLContext context, Locale locale) {
				return input;
			}

			@Override
			public Object parseLiteral(Value<?> input, CoercedVariables variables, GraphQLContext context,
					Locale locale) {
				return literal(input);
			}
		}).build();
	}

	private static Object literal(Value<?> value) {
		if (value instanceof StringValue text) {
			return text.getValue();
		}
		if (value instanceof IntValue number) {
			return number.getValue();
		}
		if (value instanceof FloatValue number) {
			return number.getValue();
		}
		if (value instanceof BooleanValue flag) {
			return flag.isValue();
		}
		if (value instanceof ArrayValue array) {
			List<Object> list = new ArrayList<>();
			array.getValues().forEach(v -> list.add(literal(v)));
			return list;
		}
		if (value instanceof ObjectValue object) {
			Map<String, Object> map = new LinkedHashMap<>();
			for (ObjectField field : object.getObjectFields()) {
				map.put(field.getName(), literal(field.getValue()));
			}
			return map;
		}
		return null;
	}

}
