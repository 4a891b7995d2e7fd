package io.apmreports.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import org.apache.poi.ss.usermodel.Cell;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.usermodel.Row;
import org.apache.poi.ss.usermodel.Sheet;
import org.apache.poi.ss.usermodel.Workbook;
import org.apache.poi.ss.usermodel.WorkbookFactory;

/**
 * Asserts that two runs wrote the same report: the same files, every CSV byte for byte,
 * and every workbook with the same sheets, cells and pictures. A workbook is compared by
 * its content because it carries the moment it was written, in its overview note and its
 * zip entries.
 */
public final class SameReport {

	private SameReport() {
	}

	/** Asserts that {@code actual} holds the files {@code expected} holds, the same. */
	public static void assertSameFiles(Path expected, Path actual) throws IOException {
		List<String> names = fileNames(expected);
		assertThat(fileNames(actual)).as("the files in " + actual).isEqualTo(names);
		assertThat(names).as("the files in " + expected).isNotEmpty();
		for (String name : names) {
			if (name.endsWith(".xlsx")) {
				assertThat(workbookText(actual.resolve(name))).as(name).isEqualTo(workbookText(expected.resolve(name)));
				assertThat(pictures(actual.resolve(name))).as(name + " pictures")
					.isEqualTo(pictures(expected.resolve(name)));
			}
			else {
				assertThat(Files.readAllBytes(actual.resolve(name))).as(name)
					.isEqualTo(Files.readAllBytes(expected.resolve(name)));
			}
		}
	}

	private static List<String> fileNames(Path directory) throws IOException {
		try (Stream<Path> files = Files.list(directory)) {
			return files.filter(Files::isRegularFile)
				.map(path -> path.getFileName().toString())
				.filter(name -> !name.startsWith("."))
				.sorted()
				.toList();
		}
	}

	/**
	 * Each sheet's name, then each cell as a reader sees it, the moment of writing left
	 * out.
	 */
	static List<String> workbookText(Path file) throws IOException {
		List<String> text = new ArrayList<>();
		DataFormatter formatter = new DataFormatter();
		try (Workbook workbook = WorkbookFactory.create(file.toFile(), null, true)) {
			for (Sheet sheet : workbook) {
				text.add("sheet " + sheet.getSheetName());
				for (Row row : sheet) {
					for (Cell cell : row) {
						text.add(cell.getAddress() + " " + formatter.formatCellValue(cell)
							.replaceAll(", generated .*", ", generated (when written)"));
					}
				}
			}
		}
		return text;
	}

	private static List<String> pictures(Path file) throws IOException {
		try (Workbook workbook = WorkbookFactory.create(file.toFile(), null, true)) {
			return workbook.getAllPictures()
				.stream()
				.map(picture -> picture.getMimeType() + " " + sha256(picture.getData()))
				.toList();
		}
	}

	private static String sha256(byte[] data) {
		try {
			return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
