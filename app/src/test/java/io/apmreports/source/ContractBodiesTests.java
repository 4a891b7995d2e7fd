package io.apmreports.source;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import io.apmreports.testing.ContractBodies;

/**
 * Every contract body names where its shape comes from: a body without a line in the
 * folder's README is a shape nobody can check.
 */
class ContractBodiesTests {

	@Test
	void everyBodyIsJsonAndHasItsSourceLine() throws IOException, URISyntaxException {
		// given the bodies and the README beside them
		Path folder = Path.of(ContractBodies.class.getResource(ContractBodies.FOLDER).toURI());
		String readme = Files.readString(folder.resolve("README.md"));
		List<Path> bodies;
		try (Stream<Path> files = Files.walk(folder)) {
			bodies = files.filter(file -> file.toString().endsWith(".json")).sorted().toList();
		}

		// then there are bodies of both services, each JSON and named in a line of its
		// own folder's section
		assertThat(bodies).extracting(body -> folder.relativize(body.getParent()).toString())
			.contains("rest", "nerdgraph");
		JsonMapper json = JsonMapper.builder().build();
		for (Path body : bodies) {
			String name = body.getFileName().toString();
			assertThat(json.readTree(Files.readString(body)).isObject()).as(name).isTrue();
			assertThat(readme).as(name).containsPattern("(?m)^- .*`" + name.replace(".", "\\.") + "`");
		}
	}

}
