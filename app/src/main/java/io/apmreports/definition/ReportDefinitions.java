package io.apmreports.definition;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.Set;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.AbstractConstruct;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.Tag;

import io.apmreports.failure.Failures;
import io.apmreports.failure.UserFacingException;
import io.apmreports.range.RangeSpec;

/**
 * Loads report definitions from a directory ({@code reports/} by default) and checks
 * every field, so that a typo stops the run before anything is fetched, with one line
 * naming the file and the field.
 */
public class ReportDefinitions {

	/**
	 * Report names become directory and file names: nothing that could climb out of the
	 * output directory.
	 */
	static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

	private static final Set<String> FIELDS = Set.of("title", "applications", "range", "time-zone", "formats",
			"files-link", "sections", "email", "source", "attachments", "group-by", "thresholds", "cost");

	/** A tag key the files can name a column after and entity search can be asked. */
	static final Pattern TAG_KEY = Pattern.compile("[A-Za-z][A-Za-z0-9._-]{0,127}");

	/** What a definition without a sections field gets. */
	static final Set<Section> DEFAULT_SECTIONS = Set.of(Section.SUMMARY, Section.BREAKDOWN);

	private final Path directory;

	public ReportDefinitions(Path directory) {
		this.directory = directory;
	}

	/** The names of the definitions in the directory, sorted. */
	public List<String> names() {
		return yamlNames(directory);
	}

	/**
	 * Refuses a definitions directory that is not there, naming the setting: listing it
	 * would answer "none", which would pass for success (a clean validation, a scheduler
	 * that quietly runs nothing).
	 */
	public static Path requireDirectory(Path directory, String setting) {
		if (!Files.isDirectory(directory)) {
			throw new UserFacingException(directory + ": no such directory (set --" + setting + "=DIR)");
		}
		return directory;
	}

	/**
	 * The base names of the {@code .yml} and {@code .yaml} files of a directory, sorted;
	 * none when it does not exist. Both spellings are read: a {@code .yaml} file left out
	 * was a schedule that never fired without a word.
	 */
	static List<String> yamlNames(Path directory) {
		Set<String> names = new TreeSet<>();
		if (!Files.isDirectory(directory)) {
			return List.of();
		}
		try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "*.{yml,yaml}")) {
			files.forEach(file -> names.add(file.getFileName().toString().replaceFirst("\\.ya?ml$", "")));
		}
		catch (IOException ex) {
			throw new DefinitionException(directory + ": cannot be listed (the directory could not be read)");
		}
		return List.copyOf(names);
	}

	/**
	 * The file of {@code name} in {@code directory}: {@code name.yml}, or else
	 * {@code name.yaml}; both there is one line, as either could be the one meant.
	 */
	static Path yamlFile(Path directory, String name) {
		Path yml = directory.resolve(name + ".yml");
		Path yaml = directory.resolve(name + ".yaml");
		if (Files.exists(yml) && Files.exists(yaml)) {
			throw new DefinitionException(yml + " and " + yaml + " both define '" + name + "': keep one of them");
		}
		return Files.exists(yaml) ? yaml : yml;
	}

	public ReportDefinition load(String name) {
		return parse(name, text(name));
	}

	/**
	 * The text of a report's file as it is now, for a run to keep: a run reads the
	 * definition it was launched with, never the file again (see
	 * {@link #parse(String, String)}).
	 */
	public String text(String name) {
		Path file = file(name);
		if (!Files.isRegularFile(file)) {
			throw new DefinitionException("unknown report '" + name + "': no file " + file + " (available: "
					+ String.join(", ", names()) + ")");
		}
		return text(file);
	}

	/**
	 * A definition from the text a run kept, even if its file is gone since; mistakes are
	 * named as in the file.
	 */
	public ReportDefinition parse(String name, String text) {
		Path file = file(name);
		return parse(name, file, read(file.toString(), text, "title, range"));
	}

	/** The file of report {@code name}, whether or not it is there. */
	public Path file(String name) {
		if (name == null || !NAME.matcher(name).matches()) {
			throw new DefinitionException(
					"report name '" + name + "' is not valid: use lower-case letters, digits and dashes");
		}
		return yamlFile(directory, name);
	}

	static Map<String, Object> read(Path file, String someFields) {
		return read(file.toString(), text(file), someFields);
	}

	private static String text(Path file) {
		try {
			return Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (CharacterCodingException ex) {
			throw new DefinitionException(file + ": is not UTF-8 text: save it as UTF-8");
		}
		catch (IOException ex) {
			throw new DefinitionException(file + ": cannot be read" + (Files.isDirectory(file) ? " (it is a directory)"
					: Files.isReadable(file) ? "" : " (no permission to read it)"));
		}
	}

	private static Map<String, Object> read(String file, String text, String someFields) {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		try {
			Object document = new Yaml(new AsGivenFloats(options)).load(text);
			if (!(document instanceof Map<?, ?> map)) {
				throw new DefinitionException(file + ": expected a mapping of fields (" + someFields + ", ...)");
			}
			return Fields.strings(file, "", map);
		}
		catch (MarkedYAMLException ex) {
			Mark mark = ex.getProblemMark();
			throw new DefinitionException(file + ": not valid YAML at line " + (mark.getLine() + 1) + ", column "
					+ (mark.getColumn() + 1) + " (" + ex.getProblem() + ")");
		}
		catch (YAMLException ex) {
			throw new DefinitionException(file + ": not valid YAML (" + Failures.firstLine(ex.getMessage()) + ")");
		}
	}

	/**
	 * YAML's numbers with a fraction or an exponent kept as written: a message echoes
	 * them as given ({@code 1e309}, not {@code Infinity}), and each field reads its own
	 * number from the text.
	 */
	private static final class AsGivenFloats extends SafeConstructor {

		AsGivenFloats(LoaderOptions options) {
			super(options);
			this.yamlConstructors.put(Tag.FLOAT, new AbstractConstruct() {
				@Override
				public Object construct(Node node) {
					return constructScalar((ScalarNode) node);
				}
			});
		}

	}

	private static ReportDefinition parse(String name, Path file, Map<String, Object> yaml) {
		Fields fields = new Fields(file.toString(), "", yaml, FIELDS);
		Set<ReportFormat> formats = formats(fields);
		Set<Section> sections = sections(fields);
		String title = DefinitionChecks.title(fields);
		RangeSpec range = fields.range("range");
		ZoneId zone = fields.zone("time-zone");
		SourceKind source = fields.optionalConstant("source", SourceKind.class);
		CostChecks.checkSections(fields, sections, range, zone, source);
		ServiceLevelChecks.checkSections(fields, sections, range);
		return new ReportDefinition(name, title, Selections.parse(fields), range, zone, formats, sections,
				DefinitionChecks.email(fields), source, DefinitionChecks.attachments(fields, formats, sections),
				DefinitionChecks.groupBy(fields, sections), DefinitionChecks.filesLink(fields),
				Thresholds.parse(fields), CostChecks.parse(fields, sections));
	}

	private static Set<Section> sections(Fields fields) {
		return fields.has("sections") ? fields.constants("sections", Section.class) : DEFAULT_SECTIONS;
	}

	private static Set<ReportFormat> formats(Fields fields) {
		return fields.constants("formats", ReportFormat.class);
	}

}
