import Foundation
import GRDB
import GRDBSQLite

extension Statement {
    /// Binds `values` to the statement's parameters, in order, and runs it once.
    ///
    /// For writes repeated once per row of a bulk import. GRDB's `execute(arguments:)` converts and
    /// validates its arguments through generic code that, for a 37-column insert, cost more than
    /// SQLite's own work (an import of 100,000 address-book entries spent half its time there). The
    /// values here are already `DatabaseValue`s, so each needs only the matching `sqlite3_bind_*` call.
    /// Errors come back as GRDB's `DatabaseError`, like any other statement's.
    func run(binding values: [DatabaseValue]) throws {
        let statement = sqliteStatement
        guard values.count == Int(sqlite3_bind_parameter_count(statement)) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "\(values.count) values for \(sqlite3_bind_parameter_count(statement)) parameters", sql: sql)
        }
        // Reset first: a previous failed run leaves the statement needing it, and its error is not ours.
        sqlite3_reset(statement)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.storage {
            case .null:
                code = sqlite3_bind_null(statement, index)
            case .int64(let integer):
                code = sqlite3_bind_int64(statement, index, integer)
            case .double(let double):
                code = sqlite3_bind_double(statement, index, double)
            case .string(var string):
                guard string.utf8.count < Int32.max else { throw error(SQLITE_TOOBIG) }
                // By length, not up to a NUL; an empty buffer may have no address, which SQLite reads as NULL.
                code = string.withUTF8 { text in
                    text.isEmpty
                        ? sqlite3_bind_text(statement, index, "", 0, Self.transient)
                        : sqlite3_bind_text(statement, index, text.baseAddress, Int32(text.count), Self.transient)
                }
            case .blob(let data):
                guard data.count < Int32.max else { throw error(SQLITE_TOOBIG) }
                code = data.withUnsafeBytes { bytes in
                    bytes.isEmpty
                        ? sqlite3_bind_zeroblob(statement, index, 0)
                        : sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), Self.transient)
                }
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
        let code = sqlite3_step(statement)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    /// SQLite copies the bound text or bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func error(_ code: Int32) -> DatabaseError {
        let message = sqlite3_db_handle(sqliteStatement).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}
