package io.apmreports.sandbox;

import java.util.Map;
import java.util.function.BiFunction;

import graphql.GraphQL;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLSchema;
import graphql.schema.TypeResolver;
import graphql.schema.idl.FieldWiringEnvironment;
import graphql.schema.idl.InterfaceWiringEnvironment;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.ScalarInfo;
import graphql.schema.idl.ScalarWiringEnvironment;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.UnionWiringEnvironment;
import graphql.schema.idl.WiringFactory;

/**
 * The vendor's whole NerdGraph schema ({@link VendorSchema}) made executable: the fields
 * the sandbox answers are wired to the {@link NerdGraphFetchers} of the request's server
 * (found in the request's context, so that one schema, built once, serves every sandbox
 * of the JVM); every other field reads the member of its name, null where the sandbox
 * knows nothing. A document the real service refuses is refused here in the same
 * validation.
 */
final class NerdGraphSchema {

	/** The member of an entity map naming its concrete type in the schema. */
	static final String TYPE = "sandbox.type";

	private NerdGraphSchema() {
	}

	/** The schema, built once: it has over 2,000 types. */
	static GraphQLSchema schema() {
		return Built.SCHEMA;
	}

	/** The GraphQL engine over the schema. */
	static GraphQL graphQl() {
		return Built.GRAPHQL;
	}

	private static final class Built {

		static final GraphQLSchema SCHEMA = new SchemaGenerator().makeExecutableSchema(VendorSchema.registry(),
				wiring());

		static final GraphQL GRAPHQL = GraphQL.newGraphQL(SCHEMA).build();

	}

	private static RuntimeWiring wiring() {
		return RuntimeWiring.newRuntimeWiring()
			.wiringFactory(new Everything())
			.type("RootQueryType", type -> type.dataFetcher("actor", env -> Map.of()))
			.type("Actor",
					type -> type.dataFetcher("account", served(NerdGraphFetchers::account))
						.dataFetcher("accounts", served(NerdGraphFetchers::accounts))
						.dataFetcher("entitySearch", served(NerdGraphFetchers::entitySearch))
						.dataFetcher("entities", served(NerdGraphFetchers::entities))
						.dataFetcher("entity", served(NerdGraphFetchers::entity)))
			.type("Account",
					type -> type.dataFetcher("nrql", served(NerdGraphFetchers::nrql))
						.dataFetcher("name", served(NerdGraphFetchers::name)))
			.type("EntitySearch", type -> type.dataFetcher("results", served(NerdGraphFetchers::results)))
			.build();
	}

	/** A field answered by the fetchers of the server the request came to. */
	private static DataFetcher<Object> served(BiFunction<NerdGraphFetchers, DataFetchingEnvironment, Object> field) {
		return env -> field.apply(env.getGraphQlContext().get(NerdGraphFetchers.class), env);
	}

	/**
	 * What every type of the schema needs to execute: its custom scalars (text, whole
	 * seconds, JSON passed through), and the concrete type of an interface's or union's
	 * value, named by the value's {@link #TYPE} member.
	 */
	private static final class Everything implements WiringFactory {

		private static final TypeResolver BY_TYPE_MEMBER = env -> {
			Object type = env.getObject() instanceof Map<?, ?> map ? map.get(TYPE) : null;
			return type == null ? null : (GraphQLObjectType) env.getSchema().getType(type.toString());
		};

		@Override
		public boolean providesScalar(ScalarWiringEnvironment environment) {
			return !ScalarInfo.isGraphqlSpecifiedScalar(environment.getScalarTypeDefinition().getName());
		}

		@Override
		public GraphQLScalarType getScalar(ScalarWiringEnvironment environment) {
			String name = environment.getScalarTypeDefinition().getName();
			return switch (name) {
				case "Nrql", "EntityGuid" -> NerdGraphScalars.text(name);
				case "Seconds" -> NerdGraphScalars.seconds();
				default -> NerdGraphScalars.json(name);
			};
		}

		@Override
		public boolean providesTypeResolver(InterfaceWiringEnvironment environment) {
			return true;
		}

		@Override
		public TypeResolver getTypeResolver(InterfaceWiringEnvironment environment) {
			return BY_TYPE_MEMBER;
		}

		@Override
		public boolean providesTypeResolver(UnionWiringEnvironment environment) {
			return true;
		}

		@Override
		public TypeResolver getTypeResolver(UnionWiringEnvironment environment) {
			return BY_TYPE_MEMBER;
		}

		@Override
		public DataFetcher<?> getDefaultDataFetcher(FieldWiringEnvironment environment) {
			return env -> env.getSource() instanceof Map<?, ?> map ? map.get(env.getField().getName()) : null;
		}

	}

}
