package io.apmreports.web.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.thymeleaf.context.Context;
import org.thymeleaf.context.IExpressionContext;
import org.thymeleaf.linkbuilder.StandardLinkBuilder;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.thymeleaf.templateresolver.StringTemplateResolver;

import io.apmreports.web.ConsoleUser;
import io.apmreports.web.Role;

/**
 * The page frame every signed-in page is drawn in, rendered by Thymeleaf alone: its
 * header names who is signed in, their role and their teams.
 */
class LayoutTests {

	@Test
	void theHeaderNamesTheUserTheirRoleAndTheirTeams() {
		// given a launcher of team checkout, and a viewer of no team but the whole
		// account
		ConsoleUser lead = new ConsoleUser("ana", Role.LAUNCHER, Set.of("checkout"), false);
		ConsoleUser finance = new ConsoleUser("finance", Role.VIEWER, Set.of(), true);

		// when the frame is drawn for each
		String leads = render(lead);
		String finances = render(finance);

		// then
		assertThat(leads).contains("ana · launcher · checkout").contains("href=\"/launch\"");
		assertThat(finances).contains("finance · viewer · the whole account").doesNotContain("href=\"/launch\"");
	}

	private static String render(ConsoleUser user) {
		ClassLoaderTemplateResolver templates = new ClassLoaderTemplateResolver();
		templates.setPrefix("templates/");
		templates.setSuffix(".html");
		templates.setCheckExistence(true);
		templates.setOrder(1);
		// a page drawn in the frame as every page is, given as its text
		StringTemplateResolver page = new StringTemplateResolver();
		page.setOrder(2);
		SpringTemplateEngine engine = new SpringTemplateEngine();
		engine.setTemplateResolvers(Set.of(templates, page));
		// links as a console served at / writes them
		engine.setLinkBuilder(new StandardLinkBuilder() {
			@Override
			protected String computeContextPath(IExpressionContext context, String base,
					Map<String, Object> parameters) {
				return "";
			}
		});
		return engine.process(
				"<html th:replace=\"~{layout :: page('Runs', ~{::main})}\"><body><main>runs</main></body></html>",
				new Context(null, Map.of("user", user)));
	}

}
