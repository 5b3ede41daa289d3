import CriteriaModel
import Exporters
import Foundation
import Testing

@Suite("Atomic delivery")
struct FileSinkTests {
  @Test(
    "a failing export leaves neither a partial file nor a temporary one, and keeps the old file"
  )
  func failureLeavesNothing() throws {
    let folder = try scratchFolder()
    let target = folder.appendingPathComponent("audit.xlsx")
    try Data("old".utf8).write(to: target)
    let failing = ExportArtifact.writtenByLibrary { path throws(ExportError) in
      try? Data("half".utf8).write(to: URL(fileURLWithPath: path))
      throw ExportError("disk full")
    }
    #expect(throws: ExportError("disk full")) {
      try FileSink().deliver(failing, to: target.path)
    }
    #expect(try String(contentsOf: target, encoding: .utf8) == "old")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
        "audit.xlsx"
      ])
  }

  @Test(
    "a write removes the unfinished files a killed run left beside its target a day or more ago; a younger one, another target's and a look-alike stay"
  )
  func staleLeftovers() throws {
    let folder = try scratchFolder()
    let target = folder.appendingPathComponent("audit.xlsx")
    let manager = FileManager.default
    func make(_ name: String, age: TimeInterval, folder isFolder: Bool = false)
      throws
    {
      let path = folder.appendingPathComponent(name).path
      if isFolder {
        try manager.createDirectory(
          atPath: path, withIntermediateDirectories: false)
        manager.createFile(atPath: path + "/tmp.abc", contents: Data("y".utf8))
      } else {
        manager.createFile(atPath: path, contents: Data("x".utf8))
      }
      try manager.setAttributes(
        [.modificationDate: Date().addingTimeInterval(-age)], ofItemAtPath: path
      )
    }
    let day: TimeInterval = 86_400
    // What a SIGKILL left two days ago: the file and libxlsxwriter's folder beside it.
    try make(".audit.xlsx.partial-1A2B3C4D", age: 2 * day)
    try make(".audit.xlsx.partial-1A2B3C4D-parts", age: 2 * day, folder: true)
    // Another run's, writing now; another target's; names criteria never makes.
    try make(".audit.xlsx.partial-5E6F7A8B", age: 60)
    try make(".other.xlsx.partial-1A2B3C4D", age: 2 * day)
    try make(".audit.xlsx.partial-notmine", age: 2 * day)
    try make("audit.xlsx.partial-1A2B3C4D", age: 2 * day)
    try FileSink().deliver(.file(Data("new".utf8)), to: target.path)
    #expect(
      try manager.contentsOfDirectory(atPath: folder.path).sorted() == [
        ".audit.xlsx.partial-5E6F7A8B", ".audit.xlsx.partial-notmine",
        ".other.xlsx.partial-1A2B3C4D", "audit.xlsx",
        "audit.xlsx.partial-1A2B3C4D",
      ])
    #expect(try String(contentsOf: target, encoding: .utf8) == "new")
  }

  @Test(
    "a folder output removes what a killed run left half-written beside its own files, in subfolders too; a user's file's, a younger one and a look-alike stay"
  )
  func staleLeftoversInFolders() throws {
    let target = try scratchFolder().appendingPathComponent("features")
    let manager = FileManager.default
    let old = Date().addingTimeInterval(-2 * 86_400)
    func make(_ name: String, modified: Date = Date()) throws {
      let url = target.appendingPathComponent(name)
      try manager.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      manager.createFile(atPath: url.path, contents: Data("x".utf8))
      try manager.setAttributes(
        [.modificationDate: modified], ofItemAtPath: url.path)
    }
    func deliver(_ names: [String]) throws {
      try FileSink().deliver(
        .folder(names.map { (name: $0, data: Data($0.utf8)) }), to: target.path)
    }
    try deliver(["a.feature", "web/b.feature", "gone.feature"])
    // A run killed two days ago, while writing its files and the manifest.
    try make(".a.feature.partial-1A2B3C4D", modified: old)
    try make("web/.b.feature.partial-0F0F0F0F", modified: old)
    try make(".gone.feature.partial-0A0A0A0A", modified: old)
    try make("..criteria-output.json.partial-12345678", modified: old)
    // Another run's, writing now; a file criteria did not write; names criteria never makes.
    try make(".a.feature.partial-5E6F7A8B")
    try make("notes.txt")
    try make(".notes.txt.partial-1A2B3C4D", modified: old)
    try make(".partial-1A2B3C4D", modified: old)
    try make("web/.b.feature.partial-notmine", modified: old)
    // The next run no longer writes gone.feature: its leftover is criteria's all the same.
    try deliver(["a.feature", "web/b.feature"])
    #expect(
      try manager.contentsOfDirectory(atPath: target.path).sorted() == [
        ".a.feature.partial-5E6F7A8B", ".criteria-output.json",
        ".notes.txt.partial-1A2B3C4D", ".partial-1A2B3C4D", "a.feature",
        "notes.txt", "web",
      ])
    #expect(
      try manager.contentsOfDirectory(
        atPath: target.appendingPathComponent("web").path
      ).sorted() == [".b.feature.partial-notmine", "b.feature"])
  }

  @Test(
    "a folder output replaces only the files it wrote before; other files in the folder stay"
  )
  func folders() throws {
    let folder = try scratchFolder()
    let target = folder.appendingPathComponent("features")
    try FileManager.default.createDirectory(
      at: target, withIntermediateDirectories: false)
    try Data("mine".utf8).write(to: target.appendingPathComponent("notes.txt"))
    try FileSink().deliver(
      .folder([
        (name: "a.feature", data: Data("a".utf8)),
        (name: "b.feature", data: Data("b".utf8)),
      ]), to: target.path)
    try FileSink().deliver(
      .folder([
        (name: "a.feature", data: Data("a2".utf8)),
        (name: "c.feature", data: Data("c".utf8)),
      ]), to: target.path)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: target.path).sorted()
        == [".criteria-output.json", "a.feature", "c.feature", "notes.txt"])
    #expect(
      try String(
        contentsOf: target.appendingPathComponent("a.feature"), encoding: .utf8)
        == "a2")
    #expect(
      try String(
        contentsOf: target.appendingPathComponent("notes.txt"), encoding: .utf8)
        == "mine")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
        "features"
      ])
  }

  @Test(
    "a folder output leaves a file whose bytes are unchanged as it is, and replaces the changed ones"
  )
  func unchangedFilesStay() throws {
    let target = try scratchFolder().appendingPathComponent("features")
    let first: [(name: String, data: Data)] = [
      (name: "a.feature", data: Data("same".utf8)),
      (name: "b.feature", data: Data("old".utf8)),
      (name: "c.feature", data: Data("old".utf8)),
    ]
    try FileSink().deliver(.folder(first), to: target.path)
    let inode = { (name: String) throws -> Int in
      let attributes = try FileManager.default.attributesOfItem(
        atPath: target.appendingPathComponent(name).path)
      return try #require(attributes[.systemFileNumber] as? Int)
    }
    let before = try ["a.feature", "b.feature", "c.feature"].map(inode)
    try FileSink().deliver(
      .folder([
        (name: "a.feature", data: Data("same".utf8)),
        (name: "b.feature", data: Data("new".utf8)),
        (name: "c.feature", data: Data("older".utf8)),
      ]), to: target.path)
    // A rename puts a new inode in place; an untouched file keeps its own.
    #expect(try inode("a.feature") == before[0])
    #expect(try inode("b.feature") != before[1])
    #expect(try inode("c.feature") != before[2])
    for (name, text) in [
      ("a.feature", "same"), ("b.feature", "new"), ("c.feature", "older"),
    ] {
      #expect(
        try String(
          contentsOf: target.appendingPathComponent(name), encoding: .utf8)
          == text)
    }
  }

  @Test(
    "a folder output whose write fails part way replaces none of its files, and leaves no temporary file"
  )
  func failedWriteReplacesNothing() throws {
    let target = try scratchFolder().appendingPathComponent("features")
    let manager = FileManager.default
    func text(_ name: String) throws -> String {
      try String(
        contentsOf: target.appendingPathComponent(name), encoding: .utf8)
    }
    try FileSink().deliver(
      .folder([
        (name: "a.feature", data: Data("old a".utf8)),
        (name: "b.feature", data: Data("old b".utf8)),
        (name: "web", data: Data("old web".utf8)),
      ]), to: target.path)
    // a.feature and b.feature are written before web/c.feature, whose folder cannot be made while
    // the old file `web` is there: the run fails after two of its three writes.
    #expect(throws: ExportError.self) {
      try FileSink().deliver(
        .folder([
          (name: "a.feature", data: Data("new a".utf8)),
          (name: "b.feature", data: Data("new b".utf8)),
          (name: "web/c.feature", data: Data("c".utf8)),
        ]), to: target.path)
    }
    #expect(try text("a.feature") == "old a")
    #expect(try text("b.feature") == "old b")
    #expect(try text("web") == "old web")
    #expect(
      try manager.contentsOfDirectory(atPath: target.path).sorted() == [
        ".criteria-output.json", "a.feature", "b.feature", "web",
      ])
    // The next run that can write does, and the old file goes.
    try FileSink().deliver(
      .folder([
        (name: "a.feature", data: Data("new a".utf8)),
        (name: "c.feature", data: Data("c".utf8)),
      ]), to: target.path)
    #expect(try text("a.feature") == "new a")
    #expect(
      try manager.contentsOfDirectory(atPath: target.path).sorted() == [
        ".criteria-output.json", "a.feature", "c.feature",
      ])
  }

  @Test(
    "a folder output never replaces a file it did not write, and writes nothing then"
  )
  func foreignFile() throws {
    let target = try scratchFolder()
    try Data("mine".utf8).write(to: target.appendingPathComponent("b.feature"))
    #expect(
      throws: ExportError(
        "cannot write '\(target.path)/b.feature': a file criteria did not write is already there; "
          + "move it away or choose another output folder (nothing was written)"
      )
    ) {
      try FileSink().deliver(
        .folder([
          (name: "a.feature", data: Data("a".utf8)),
          (name: "b.feature", data: Data("b".utf8)),
        ]), to: target.path)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: target.path) == [
        "b.feature"
      ])
    #expect(
      try String(
        contentsOf: target.appendingPathComponent("b.feature"), encoding: .utf8)
        == "mine")
  }

  @Test("a file output never replaces a folder or a protected input")
  func neverReplacesFoldersOrInputs() throws {
    let folder = try scratchFolder()
    let inner = folder.appendingPathComponent("docs")
    try FileManager.default.createDirectory(
      at: inner, withIntermediateDirectories: false)
    let document = inner.appendingPathComponent("a.md")
    try Data("# doc".utf8).write(to: document)
    #expect(
      throws: ExportError(
        "cannot write '\(inner.path)': it is a folder, and an output never replaces a folder; name a file"
      )
    ) {
      try FileSink().deliver(.file(Data("x".utf8)), to: inner.path)
    }
    #expect(
      throws: ExportError(
        "cannot write '\(document.path)': it is one of this run's inputs; choose another output path"
      )
    ) {
      try FileSink(protecting: [inner.path + "/../docs/a.md"]).deliver(
        .file(Data("x".utf8)), to: document.path)
    }
    #expect(
      throws: ExportError(
        "cannot write '\(inner.path)/a.md': it is one of this run's inputs; choose another output folder"
      )
    ) {
      try FileSink(protecting: [document.path]).deliver(
        .folder([(name: "a.md", data: Data("x".utf8))]), to: inner.path)
    }
    #expect(
      throws: ExportError(
        "an output path is empty; name the file or folder to write")
    ) {
      try FileSink().deliver(.file(Data("x".utf8)), to: "")
    }
    #expect(try String(contentsOf: document, encoding: .utf8) == "# doc")
  }

  @Test("folder file names that escape the folder or collide are refused")
  func badNames() throws {
    let target = try scratchFolder().appendingPathComponent("out")
    for name in ["../x.json", "/etc/x", "a//b", ".criteria-output.json"] {
      #expect(
        throws: ExportError(
          "cannot write '\(target.path)': the file name '\(name)' does not stay inside the folder"
        )
      ) {
        try FileSink().deliver(
          .folder([(name: name, data: Data())]), to: target.path)
      }
    }
    #expect(
      throws: ExportError(
        "cannot write '\(target.path)': two files would both be named 'A.json' (names differing only in case count as one)"
      )
    ) {
      try FileSink().deliver(
        .folder([
          (name: "a.json", data: Data()), (name: "A.json", data: Data()),
        ]), to: target.path)
    }
    #expect(!FileManager.default.fileExists(atPath: target.path))
  }

  @Test("unique file names: collisions get -2, -3 in order, deterministically")
  func uniqueNames() {
    var names = UniqueFileNames()
    #expect(
      ["a", "a", "A", "a-2", "b"].map { names.name($0, extension: "feature") }
        == [
          "a.feature", "a-2.feature", "A-3.feature", "a-2-2.feature",
          "b.feature",
        ])
  }

  @Test("a missing folder is a clear error, and nothing is created")
  func missingFolder() throws {
    let folder = try scratchFolder()
    let target = folder.appendingPathComponent("nope/out.csv")
    #expect(
      throws: ExportError(
        "cannot write '\(target.path)': the folder '\(folder.appendingPathComponent("nope").path)' does not exist; create it first"
      )
    ) {
      try FileSink().deliver(.file(Data()), to: target.path)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}

@Suite("Outputs that are not regular files")
struct SpecialOutputTests {
  /// Reads a FIFO to its end on another thread, as `>(gzip > a.gz)` would.
  private func drain(_ path: String) -> @Sendable () -> Data {
    let box = DataBox()
    let thread = Thread {
      box.data =
        FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
      box.done.signal()
    }
    thread.start()
    return {
      _ = box.done.wait(timeout: .now() + 10)
      return box.data
    }
  }

  private final class DataBox: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
  }

  @Test(
    "a FIFO is written through and stays a FIFO, for a file or a workbook the library writes"
  )
  func fifo() throws {
    let folder = try scratchFolder()
    let fifo = folder.appendingPathComponent("out.pipe").path
    #expect(mkfifo(fifo, 0o600) == 0)
    var read = drain(fifo)
    try FileSink().deliver(.file(Data("hello".utf8)), to: fifo)
    #expect(read() == Data("hello".utf8))
    #expect(FileKind.at(fifo) == .fifo)
    read = drain(fifo)
    let library = ExportArtifact.writtenByLibrary { path throws(ExportError) in
      do {
        try Data("by library".utf8).write(to: URL(fileURLWithPath: path))
      } catch {
        throw ExportError("\(error)")
      }
    }
    try FileSink().deliver(library, to: fifo)
    #expect(read() == Data("by library".utf8))
    #expect(FileKind.at(fifo) == .fifo)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path) == [
        "out.pipe"
      ])
  }

  @Test("/dev/null stays a character device, also through a symbolic link")
  func devNull() throws {
    try FileSink().deliver(.file(Data("{}".utf8)), to: "/dev/null")
    #expect(FileKind.at("/dev/null") == .characterDevice)
    let folder = try scratchFolder()
    let link = folder.appendingPathComponent("sink").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: "/dev/null")
    try FileSink().deliver(.file(Data("{}".utf8)), to: link)
    #expect(FileKind.at("/dev/null") == .characterDevice)
    #expect(FileKind.isSymbolicLink(link))
  }

  @Test(
    "/dev/shm is an ordinary file system: a new file there is created, a library-written one too, and replaced by rename",
    .enabled(
      if: FileManager.default.isWritableFile(atPath: "/dev/shm"),
      "needs a writable /dev/shm"))
  func devShm() throws {
    let folder = URL(fileURLWithPath: "/dev/shm/criteria-test-\(getpid())")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("a.json").path
    try FileSink().deliver(.file(Data("{}".utf8)), to: file)
    #expect(FileKind.at(file) == .regular)
    let library = folder.appendingPathComponent("b.bin").path
    try FileSink().deliver(
      .writtenByLibrary { path throws(ExportError) in
        _ = FileManager.default.createFile(
          atPath: path, contents: Data("x".utf8))
      }, to: library)
    #expect(FileManager.default.contents(atPath: library) == Data("x".utf8))
  }

  @Test(
    "a symbolic link to a regular file stays a link; the file it names gets the output"
  )
  func linkToFile() throws {
    let folder = try scratchFolder()
    let real = folder.appendingPathComponent("real.json")
    try Data("old".utf8).write(to: real)
    let link = folder.appendingPathComponent("link.json").path
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: real.path)
    try FileSink().deliver(.file(Data("new".utf8)), to: link)
    #expect(FileKind.isSymbolicLink(link))
    #expect(try String(contentsOf: real, encoding: .utf8) == "new")
  }

  @Test("a socket is refused with its kind named, and left alone")
  func socketRefused() throws {
    let folder = try scratchFolder()
    let path = folder.appendingPathComponent("s.sock").path
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(descriptor) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      for (index, byte) in path.utf8.enumerated() where index < buffer.count - 1
      { buffer[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    try #require(bound == 0)
    #expect(
      throws: ExportError(
        "cannot write '\(path)': it is a socket; name a regular file")
    ) {
      try FileSink().deliver(.file(Data("x".utf8)), to: path)
    }
    #expect(FileKind.at(path) == .socket)
  }
}
