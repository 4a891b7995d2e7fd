package io.apmreports.report.digest;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonIgnore;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

import io.apmreports.report.picture.ChartPicture;

/**
 * A digest as JSON text, to be kept with its run: everything but the pictures' bytes,
 * which are files of their own.
 */
public final class DigestJson {

	private static final JsonMapper JSON = JsonMapper.builder()
		.addMixIn(ChartPicture.class, PictureWithoutBytes.class)
		// a path as it was given, not made an absolute file: URI
		.addModule(new SimpleModule().addSerializer(Path.class, new ToStringSerializer(Path.class))
			.addDeserializer(Path.class, new PathAsWritten()))
		// what only a method derives (Overview's "compared") is written, never read
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.build();

	private DigestJson() {
	}

	public static String write(RunDigest digest) {
		return JSON.writeValueAsString(digest);
	}

	/**
	 * The digest {@code json} holds, its pictures' bytes from {@code pictures}, by their
	 * file names.
	 */
	public static RunDigest read(String json, Function<String, byte[]> pictures) {
		RunDigest digest = JSON.readValue(json, RunDigest.class);
		List<ChartPicture> charts = digest.charts()
			.stream()
			.map(chart -> new ChartPicture(chart.name(), chart.title(), chart.width(), chart.height(),
					pictures.apply(chart.fileName())))
			.toList();
		return digest.withCharts(charts);
	}

	private static final class PathAsWritten extends ValueDeserializer<Path> {

		@Override
		public Path deserialize(JsonParser parser, DeserializationContext context) {
			return Path.of(parser.getString());
		}

	}

	/** A picture's bytes are a file, not text. */
	abstract static class PictureWithoutBytes {

		@JsonIgnore
		abstract byte[] png();

	}

}
