package io.apmreports.sandbox;

import java.util.Map;

import graphql.GraphQL;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;

/**
 * The NerdGraph subset the sandbox answers, as SDL, wired to {@link NerdGraphFetchers}:
 * documents outside it get graphql-java's own validation errors, as from the real
 * service.
 */
final class NerdGraphSchema {

	static final String SDL = """
			scalar Nrql
			scalar Seconds
			scalar JSON
			scalar EntityGuid

			type Query {
			  actor: Actor
			}

			type Actor {
			  account(id: Int!): Account
			  accounts: [AccountOutline]
			  entitySearch(query: String): EntitySearch
			}

			type AccountOutline {
			  id: Int!
			  name: String
			}

			type Account {
			  id: Int!
			  name: String
			  nrql(query: Nrql!, timeout: Seconds): NrdbResultContainer
			}

			type NrdbResultContainer {
			  results: [JSON]
			}

			type EntitySearch {
			  results(cursor: String): EntitySearchResult
			}

			type EntitySearchResult {
			  nextCursor: String
			  entities: [EntityOutline]
			}

			enum EntityAlertSeverity { CRITICAL NOT_ALERTING NOT_CONFIGURED WARNING }

			interface EntityOutline {
			  guid: EntityGuid!
			  name: String
			  reporting: Boolean
			  alertSeverity: EntityAlertSeverity
			  accountId: Int
			  domain: String
			  type: String
			}

			type ApmApplicationEntityOutline implements EntityOutline {
			  guid: EntityGuid!
			  name: String
			  reporting: Boolean
			  alertSeverity: EntityAlertSeverity
			  accountId: Int
			  domain: String
			  type: String
			  applicationId: Int
			  language: String
			  permalink: String
			  tags: [EntityTag]
			}

			type EntityTag {
			  key: String
			  values: [String]
			}

			type KeyTransactionEntityOutline implements EntityOutline {
			  guid: EntityGuid!
			  name: String
			  reporting: Boolean
			  alertSeverity: EntityAlertSeverity
			  accountId: Int
			  domain: String
			  type: String
			  apdexTarget: Float
			  metricName: String
			  application: KeyTransactionApplication
			}

			type KeyTransactionApplication {
			  guid: EntityGuid!
			  entity: EntityOutline
			}
			""";

	private NerdGraphSchema() {
	}

	static GraphQL graphQl(NerdGraphFetchers fetchers) {
		RuntimeWiring wiring = RuntimeWiring.newRuntimeWiring()
			.scalar(NerdGraphScalars.text("Nrql"))
			.scalar(NerdGraphScalars.text("EntityGuid"))
			.scalar(NerdGraphScalars.seconds())
			.scalar(NerdGraphScalars.json())
			.type("Query", type -> type.dataFetcher("actor", env -> Map.of()))
			.type("Actor",
					type -> type.dataFetcher("account", fetchers::account)
						.dataFetcher("accounts", fetchers::accounts)
						.dataFetcher("entitySearch", fetchers::entitySearch))
			.type("Account", type -> type.dataFetcher("nrql", fetchers::nrql).dataFetcher("name", fetchers::name))
			.type("EntitySearch", type -> type.dataFetcher("results", fetchers::results))
			.type("EntityOutline", type -> type.typeResolver(env -> {
				Map<?, ?> entity = env.getObject();
				String name = NerdGraphEntityQuery.APPLICATION.equals(entity.get("type"))
						? "ApmApplicationEntityOutline" : "KeyTransactionEntityOutline";
				return (GraphQLObjectType) env.getSchema().getType(name);
			}))
			.build();
		GraphQLSchema schema = new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse(SDL), wiring);
		return GraphQL.newGraphQL(schema).build();
	}

}
