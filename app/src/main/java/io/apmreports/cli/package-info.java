/**
 * The command line: a picocli command per class ({@code run}, {@code scheduler},
 * {@code validate}, ...), with help, suggestions and completion; one line and a non-zero
 * exit for every mistake, never a stack trace.
 */
package io.apmreports.cli;
