// Nothing to call: the target's one definition answers minizip's zipOpenNewFileInZip4_64 (zip_level.c).
// SwiftPM wants a C target to have a public header folder, and this is it.
