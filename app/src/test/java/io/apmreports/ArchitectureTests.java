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
	 * The steps, what they stage, the seam and the comparison know no data source: each
	 * plugs in without touching them.
	 */
	@ArchTest
	static final ArchRule stepsKnowNoDataSource = noClasses().that()
		.resideInAnyPackage("io.apmreports.job..", "io.apmreports.staging..", "io.apmreports.source..",
				"io.apmreports.launch..", "io.apmreports.run..", "io.apmreports.report..", "io.apmreports.schedule..",
				"io.apmreports.compare..", "io.apmreports.access..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("io.apmreports.rest..", "io.apmreports.nrql..");

	/** Neither source leans on the other: either can go when its service does. */
	@ArchTest
	static final ArchRule sourcesStandAlone = noClasses().that()
		.resideInAnyPackage("io.apmreports.nrql..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("io.apmreports.rest..");

	@ArchTest
	static final ArchRule restLeansNotOnNrql = noClasses().that()
		.resideInAnyPackage("io.apmreports.rest..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("io.apmreports.nrql..");

}
