/**
 * The tables a run keeps between its steps, one DAO per table: they store what a source
 * answered and return it as numbers in report order, so that a crashed run continues
 * after its last committed chunk.
 */
package io.apmreports.staging;
