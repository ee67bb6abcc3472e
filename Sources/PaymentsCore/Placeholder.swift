// PaymentsCore
