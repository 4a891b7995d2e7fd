/**
 * The console's pages: Spring MVC controllers rendered with Thymeleaf (templates under
 * {@code templates/}).
 */
package io.apmreports.web.page;
