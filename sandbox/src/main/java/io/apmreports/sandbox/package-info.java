/**
 * A loopback HTTP server that imitates the Application Performance Query Service (REST
 * v2) and its NerdGraph/NRQL replacement over one deterministic synthetic account, one
 * class per resource, with the real service's paging, errors and faults on purpose: what
 * {@code --demo}, the {@code sandbox} command, the benchmark and the tests run against.
 */
package io.apmreports.sandbox;
