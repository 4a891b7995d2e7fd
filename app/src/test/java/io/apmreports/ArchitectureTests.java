package io.apmreports;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.fields;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.properties.HasAnnotations;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.springframework.beans.factory.annotation.Value;

/**
 * The rooms' rules, so that the tree keeps reading as the data flow: each layer uses only
 * the layers below it, no two packages depend on each other, a source can go by deleting
 * its folder, and the figures' math knows nothing of Spring.
 */
@AnalyzeClasses(packages = "io.apmreports", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	private static final String ROOT = "io.apmreports";

	/**
	 * The layers from the top down, each with its packages: a layer may use any layer
	 * below it and none above. The application class only starts Spring for the command
	 * line; the sandbox, last, stands in for the vendor, and only the command line and
	 * the tools start it.
	 */
	private static final List<List<String>> LAYERS = List.of(List.of("Command line", ROOT + ".cli.."),
			List.of("Application", ROOT),
			List.of("Tools", ROOT + ".web..", ROOT + ".schedule..", ROOT + ".compare..", ROOT + ".demo.."),
			List.of("Run", ROOT + ".run.."), List.of("Job", ROOT + ".job.."), List.of("Delivery", ROOT + ".delivery.."),
			List.of("Report", ROOT + ".report.."), List.of("Staging", ROOT + ".staging.."),
			List.of("Source", ROOT + ".source.."), List.of("Definition", ROOT + ".definition.."),
			List.of("Basics", ROOT + ".range..", ROOT + ".formula..", ROOT + ".failure..", ROOT + ".net.."),
			List.of("Sandbox", ROOT + ".sandbox.."));

	@ArchTest
	static final ArchRule layersAreUsedFromAboveOnly = layers();

	/**
	 * Every package is a slice of its own, the root's application class included, so a
	 * cycle between two rooms, or between a room and one of its subpackages, fails.
	 */
	@ArchTest
	static final ArchRule packagesHaveNoCycles = slices().assignedFrom(new EveryPackage()).should().beFreeOfCycles();

	/**
	 * A {@code String} constant is copied into every class that reads it, so a read
	 * across rooms is a dependency that bytecode, and so the rules above, never see:
	 * constants stay in their package, and other rooms ask a method.
	 */
	@ArchTest
	static final ArchRule noStringConstantIsPublic = fields().that()
		.areStatic()
		.and()
		.areFinal()
		.and()
		.haveRawType(String.class)
		.should()
		.notBePublic();

	/**
	 * A setting is read from its bound, checked settings record (or Boot's own properties
	 * type), never by its name: a {@code @Value("${...}")} repeats the default, escapes
	 * the checks before Spring, and reads another room's setting unseen by the rules
	 * above.
	 */
	@ArchTest
	static final ArchRule noSettingIsReadByName = classes().should(readNoSettingByName());

	@ArchTest
	static final ArchRule formulasAndRangesArePlainJava = noClasses().that()
		.resideInAnyPackage(ROOT + ".formula..", ROOT + ".range..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework..");

	/**
	 * Only the command line, the tools and the sources themselves know a data source:
	 * removing one is deleting its folder and its lines there.
	 */
	@ArchTest
	static final ArchRule onlyTheEdgesKnowADataSource = noClasses().that()
		.resideOutsideOfPackages(ROOT + ".source.rest..", ROOT + ".source.nrql..", ROOT + ".cli..", ROOT + ".demo..",
				ROOT + ".compare..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage(ROOT + ".source.rest..", ROOT + ".source.nrql..");

	/** Neither source leans on the other: either can go when its service does. */
	@ArchTest
	static final ArchRule nrqlLeansNotOnRest = noClasses().that()
		.resideInAnyPackage(ROOT + ".source.nrql..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage(ROOT + ".source.rest..");

	@ArchTest
	static final ArchRule restLeansNotOnNrql = noClasses().that()
		.resideInAnyPackage(ROOT + ".source.rest..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage(ROOT + ".source.nrql..");

	private static ArchCondition<JavaClass> readNoSettingByName() {
		return new ArchCondition<>("read no setting by name with @Value(\"${...}\")") {

			@Override
			public void check(JavaClass javaClass, ConditionEvents events) {
				Stream<HasAnnotations<?>> annotated = Stream.concat(
						Stream.concat(javaClass.getFields().stream(), javaClass.getCodeUnits().stream()),
						javaClass.getCodeUnits().stream().flatMap(unit -> unit.getParameters().stream()));
				annotated
					.filter(element -> element.tryGetAnnotationOfType(Value.class)
						.filter(value -> value.value().contains("${"))
						.isPresent())
					.forEach(element -> events.add(SimpleConditionEvent.violated(element,
							element + " reads a setting by name; bind it in a settings record")));
			}

		};
	}

	private static LayeredArchitecture layers() {
		LayeredArchitecture layers = layeredArchitecture().consideringOnlyDependenciesInLayers();
		for (List<String> layer : LAYERS) {
			layers = layers.layer(layer.get(0)).definedBy(layer.subList(1, layer.size()).toArray(String[]::new));
		}
		List<String> above = new ArrayList<>();
		for (List<String> layer : LAYERS.subList(0, LAYERS.size() - 1)) {
			String name = layer.get(0);
			layers = above.isEmpty() ? layers.whereLayer(name).mayNotBeAccessedByAnyLayer()
					: layers.whereLayer(name).mayOnlyBeAccessedByLayers(above.toArray(String[]::new));
			above.add(name);
		}
		return layers.whereLayer("Sandbox").mayOnlyBeAccessedByLayers("Command line", "Tools");
	}

	/** Each package of the application is a slice, the root package included. */
	private static final class EveryPackage implements SliceAssignment {

		@Override
		public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
			String name = javaClass.getPackageName();
			return name.equals(ROOT) || name.startsWith(ROOT + ".") ? SliceIdentifier.of(name)
					: SliceIdentifier.ignore();
		}

		@Override
		public String getDescription() {
			return "every package of " + ROOT;
		}

	}

}
