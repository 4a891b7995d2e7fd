package io.apmreports;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The rooms' rules, so that the tree keeps telling a newcomer where a behaviour lives: no
 * room depends on a room that depends back on it, and the figures' math knows nothing of
 * Spring.
 */
@AnalyzeClasses(packages = "io.apmreports", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTests {

	@ArchTest
	static final ArchRule roomsHaveNoCycles = slices().matching("io.apmreports.(*)..").should().beFreeOfCycles();

	@ArchTest
	static final ArchRule formulasAndRangesArePlainJava = noClasses().that()
		.resideInAnyPackage("io.apmreports.formula..", "io.apmreports.range..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("org.springframework..");

	/**
	 * The steps, what they stage and the seam know no data source: a second one plugs in
	 * without touching them.
	 */
	@ArchTest
	static final ArchRule stepsKnowNoDataSource = noClasses().that()
		.resideInAnyPackage("io.apmreports.job..", "io.apmreports.staging..", "io.apmreports.source..",
				"io.apmreports.launch..", "io.apmreports.run..", "io.apmreports.report..", "io.apmreports.schedule..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("io.apmreports.rest..");

}
